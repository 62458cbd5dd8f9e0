/** Pagination window of docs/product.md#listing: every page when five or fewer, else first, last, ellipses and a window. */

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

export function paginationWindow(current: number, totalPages: number): PageItem[] {
  if (totalPages <= 0) return [];
  if (totalPages <= 5) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const page = Math.min(Math.max(1, current), totalPages);
  let start = Math.max(2, page - 1);
  let end = Math.min(totalPages - 1, page + 1);
  // Keep the window three pages wide at the edges so the bar does not shrink.
  if (page <= 3) {
    start = 2;
    end = 4;
  } else if (page >= totalPages - 2) {
    start = totalPages - 3;
    end = totalPages - 1;
  }
  const items: PageItem[] = [1];
  if (start > 2) items.push('ellipsis-start');
  for (let p = start; p <= end; p += 1) items.push(p);
  if (end < totalPages - 1) items.push('ellipsis-end');
  items.push(totalPages);
  return items;
}

export function totalPagesFor(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
