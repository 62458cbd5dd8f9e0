/** 'men' → 'Men', for category names in titles and breadcrumbs (SPEC §2). */
export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
