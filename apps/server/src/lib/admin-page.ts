/** A back-office list answer (contract `adminPageSchema`): one page of items and the total. */
export function pageAnswer<T>(query: { page: number; pageSize: number }, found: { items: T[]; total: number }) {
  return { success: true as const, items: found.items, total: found.total, page: query.page, pageSize: query.pageSize };
}

/** `%`, `_` and `\` typed into a search box are literal text, not LIKE wildcards. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
