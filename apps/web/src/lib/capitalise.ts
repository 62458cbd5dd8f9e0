/** 'men' → 'Men', for category names in titles and breadcrumbs (docs/product.md#category-page). */
export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
