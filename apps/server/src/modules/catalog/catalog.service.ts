import type { Category, CategoryInfo, ProductListQuery } from '@shopper/contract';
import type { Database } from '../../db/client.ts';
import { defaultColourIds, lowStockSizes, namesOf } from './back-office-reads.ts';
import { getForCart } from './cart-products.ts';
import type { CatalogDeps } from './catalog-deps.ts';
import { featuredWomen, newCollection, related } from './product-collections.ts';
import { getById, getBySlug, productExists } from './product-detail.ts';
import { facets } from './product-facets.ts';
import { type ListingScope, listProducts } from './product-listing.ts';
import { lockForRatingChange, setRatingSummary } from './product-ratings.ts';
import { searchSuggestions } from './search-suggestions.ts';
import { publishedSlugs } from './sitemap-products.ts';
import { reserveStock, restock } from './stock-reservation.ts';

export type { CartColour, CartProduct } from './cart-products.ts';
export type { ImageSourcesOf } from './catalog-deps.ts';
export { sortSizes } from './product-facets.ts';
export { itemLabel } from './product-colours.ts';
export type { ListingScope, ProductPage } from './product-listing.ts';
export { toPrefixTsQuery } from './product-search.ts';
export { OutOfStockError, type StockLine } from './stock-reservation.ts';

export type CatalogService = ReturnType<typeof createCatalogService>;

/**
 * The catalog as the storefront and the other modules read it. Each use case lives in a file of its
 * own and is handed its dependencies, so it reads (and is tested) alone; this factory only binds
 * them to one set of dependencies.
 */
export function createCatalogService(deps: CatalogDeps) {
  return {
    list: (query: ProductListQuery, scope?: ListingScope) => listProducts(deps, query, scope),
    facets: (category: Category | undefined) => facets(deps, category),
    suggestions: (categories: readonly CategoryInfo[], text: string) => searchSuggestions(deps, categories, text),
    getById: (id: string) => getById(deps, id),
    getBySlug: (slug: string) => getBySlug(deps, slug),
    exists: (id: string) => productExists(deps, id),
    featuredWomen: () => featuredWomen(deps),
    newCollection: () => newCollection(deps),
    related: (category: Category, excludeId: string) => related(deps, category, excludeId),
    publishedSlugs: (limit: number) => publishedSlugs(deps, limit),

    getForCart: (productIds: readonly string[], executor?: Database) => getForCart(deps, productIds, executor),
    defaultColourIds: (productIds: readonly string[], executor?: Database) =>
      defaultColourIds(deps, productIds, executor),
    reserveStock,
    restock,

    lockForRatingChange,
    setRatingSummary,

    lowStockSizes: (threshold: number, limit?: number) => lowStockSizes(deps, threshold, limit),
    namesOf: (ids: readonly string[]) => namesOf(deps, ids),
  };
}
