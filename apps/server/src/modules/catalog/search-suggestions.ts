import type { CategoryInfo, SearchSuggestions } from '@shopper/contract';
import { SUGGESTED_PRODUCTS } from '@shopper/contract';
import type { CatalogDeps } from './catalog-deps.ts';
import { listProducts } from './product-listing.ts';
import { searchTerms } from './product-search.ts';

/** The text as suggestions read it, and their cache key: its words, lower-cased, one space apart. */
export const suggestionText = (text: string): string => searchTerms(text).join(' ');

/**
 * What the header's search box offers while the shopper types: the best matches of the listing's
 * own search (typo correction included), and the categories, first those whose name a word starts,
 * then those holding the products found, each with the search to run there.
 */
export async function searchSuggestions(
  deps: CatalogDeps,
  categories: readonly CategoryInfo[],
  text: string,
): Promise<Omit<SearchSuggestions, 'success'>> {
  const q = suggestionText(text);
  if (!q) return { products: [], categories: [] };
  const page = await listProducts(deps, { q, page: 1, limit: SUGGESTED_PRODUCTS });
  const words = q.split(' ');
  const named = categories.filter((category) =>
    words.some((word) => category.name.toLowerCase().startsWith(word) || category.slug.startsWith(word)),
  );
  const holding = categories.filter(
    (category) => !named.includes(category) && page.products.some((product) => product.category === category.slug),
  );
  return {
    products: page.products.map((product) => ({
      id: product.id,
      slug: product.slug,
      name: product.name,
      image: product.image,
      price: product.new_price > 0 ? product.new_price : product.old_price,
      category: product.category,
    })),
    categories: [
      ...named.map((category) => ({ slug: category.slug, name: category.name, query: '' })),
      ...holding.map((category) => ({ slug: category.slug, name: category.name, query: q })),
    ],
  };
}
