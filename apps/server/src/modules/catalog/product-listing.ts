import type { Product, ProductListQuery, ProductSort } from '@shopper/contract';
import { toCents, totalPagesFor } from '@shopper/contract';
import type { SQL } from 'drizzle-orm';
import { and, asc, desc, sql } from 'drizzle-orm';
import { productColours, products, productSizes } from '../../db/schema.ts';
import { pageTotal } from '../../lib/page-total.ts';
import type { CatalogDeps } from './catalog-deps.ts';
import { bySearchRank, correctSpelling, matchesSearch, toPrefixTsQuery } from './product-search.ts';
import { effectivePriceCents, isOnSale } from './product-sql.ts';
import { readListingPage } from './listing-page-sql.ts';
import { summariseColours, toProductView } from './product-view.ts';

/**
 * Where a listing looks before the shopper's own filters: a collection's rule (the same conditions
 * the shopper's filters make, so a rule means what those filters mean on /shop) or its hand-picked
 * products, whose order is the listing's default order.
 */
export type ListingScope = {
  category?: string;
  types?: readonly string[];
  tags?: readonly string[];
  colours?: readonly string[];
  isDiscountOnly?: boolean;
  maxPriceCents?: number;
  productIds?: readonly string[];
};

export type ProductPage = {
  products: Product[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
};

const discountRatio = sql`coalesce((${products.priceCents} - ${products.salePriceCents})::float8 / ${products.priceCents}, 0)`;

const ORDER_BY: Record<ProductSort, SQL[]> = {
  'price-asc': [sql`${effectivePriceCents} asc`],
  'price-desc': [sql`${effectivePriceCents} desc`],
  'date-newest': [desc(products.publishedAt)],
  'date-oldest': [asc(products.publishedAt)],
  discount: [sql`${discountRatio} desc`],
  rating: [desc(products.rating), desc(products.reviewCount)],
};

/**
 * Sizes and colours match one variant (decision 043): "green in M" is a visible green colour with M
 * in stock, not some green colour and some M. Hidden colours never match; sizes alone mean a visible
 * colour has that size in stock.
 */
function variantFilter(query: { sizes?: readonly string[]; colours?: readonly string[] }): SQL | undefined {
  const sizes = query.sizes && query.sizes.length > 0 ? query.sizes : undefined;
  const families = query.colours && query.colours.length > 0 ? query.colours : undefined;
  if (!sizes && !families) return undefined;
  const conditions: SQL[] = [sql`${productSizes.productId} = ${products.id}`, sql`${productColours.hiddenAt} is null`];
  if (families) conditions.push(sql`${productColours.family} = any(${sql.param(families)}::text[])`);
  if (sizes) {
    conditions.push(sql`${productSizes.size} = any(${sql.param(sizes)}::text[])`, sql`${productSizes.stock} > 0`);
  }
  return sql`exists (select 1 from ${productSizes} inner join ${productColours} on ${productColours.id} = ${productSizes.colourId} where ${sql.join(conditions, sql` and `)})`;
}

const inCategory = (category: string): SQL => sql`${products.category} = ${category}`;
const priceAtMost = (cents: number): SQL => sql`${effectivePriceCents} <= ${cents}`;
const discountedOnly = sql`${products.salePriceCents} is not null`;
const hasAnyType = (types: readonly string[]): SQL => sql`${products.types} && ${sql.param(types)}::text[]`;

function filters(query: ProductListQuery): SQL[] {
  const where: SQL[] = [isOnSale];
  if (query.category) where.push(inCategory(query.category));
  if (query.minPrice !== undefined && query.minPrice > 0) {
    where.push(sql`${effectivePriceCents} >= ${toCents(query.minPrice)}`);
  }
  if (query.maxPrice !== undefined && query.maxPrice > 0) where.push(priceAtMost(toCents(query.maxPrice)));
  if (query.rating !== undefined) where.push(sql`${products.rating} >= ${query.rating}`);
  if (query.discount === true) where.push(discountedOnly);
  if (query.types && query.types.length > 0) where.push(hasAnyType(query.types));
  if (query.brand) where.push(sql`lower(${products.brand}) = lower(${query.brand})`);
  const variant = variantFilter(query);
  if (variant) where.push(variant);
  const tsQuery = query.q ? toPrefixTsQuery(query.q) : null;
  if (tsQuery) where.push(matchesSearch(tsQuery));
  return where;
}

/** The scope's conditions, built by the same pieces as the shopper's filters; tags match case-blind. */
function scopeFilters(scope: ListingScope | undefined): SQL[] {
  if (!scope) return [];
  const where: SQL[] = [];
  if (scope.category) where.push(inCategory(scope.category));
  if (scope.types && scope.types.length > 0) where.push(hasAnyType(scope.types));
  if (scope.tags && scope.tags.length > 0) {
    const wanted = scope.tags.map((tag) => tag.toLowerCase());
    where.push(
      sql`exists (select 1 from unnest(${products.tags}) as tag where lower(tag) = any(${sql.param(wanted)}::text[]))`,
    );
  }
  const variant = variantFilter({ colours: scope.colours });
  if (variant) where.push(variant);
  if (scope.isDiscountOnly) where.push(discountedOnly);
  if (scope.maxPriceCents !== undefined) where.push(priceAtMost(scope.maxPriceCents));
  if (scope.productIds) where.push(sql`${products.id} = any(${sql.param(scope.productIds)}::uuid[])`);
  return where;
}

function ordering(query: ProductListQuery, scope: ListingScope | undefined): SQL[] {
  const tsQuery = query.q ? toPrefixTsQuery(query.q) : null;
  const handPicked = scope?.productIds
    ? [sql`array_position(${sql.param(scope.productIds)}::uuid[], ${products.id})`]
    : undefined;
  const primary =
    query.sort !== undefined
      ? ORDER_BY[query.sort]
      : tsQuery
        ? [bySearchRank(tsQuery)]
        : (handPicked ?? ORDER_BY['date-newest']);
  // The id breaks ties so pages never overlap or skip a product.
  return [...primary, asc(products.id)];
}

/**
 * One page of the storefront's listing: the filters, search and sort of the query, on-sale products
 * only, within the scope when one is given (a collection), read in one statement with its colours,
 * variants and uploads (docs/decisions/056).
 */
export async function listProducts(
  deps: CatalogDeps,
  query: ProductListQuery,
  scope?: ListingScope,
): Promise<ProductPage> {
  const found = await listAsTyped(deps, query, scope);
  // A search that found nothing is tried once more with its misspelt words corrected.
  if (found.total > 0 || !query.q) return found;
  const corrected = await correctSpelling(deps.db, query.q);
  return corrected ? listAsTyped(deps, { ...query, q: corrected }, scope) : found;
}

async function listAsTyped(
  { db }: CatalogDeps,
  query: ProductListQuery,
  scope: ListingScope | undefined,
): Promise<ProductPage> {
  const where = and(...filters(query), ...scopeFilters(scope));
  const page = await readListingPage(db, {
    where,
    order: ordering(query, scope),
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const total = await pageTotal(page.rows.length > 0 ? [{ total: page.total ?? 0 }] : [], query.page, async () => {
    const [counted] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(where);
    return counted?.n ?? 0;
  });
  return {
    products: page.rows.map(({ row, colours, variants, imageSources }) =>
      toProductView(row, summariseColours(colours, variants, imageSources)),
    ),
    total,
    page: query.page,
    limit: query.limit,
    totalPages: totalPagesFor(total, query.limit),
  };
}
