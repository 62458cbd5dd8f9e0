/**
 * The total behind one page read with `count(*) over ()`: the first row carries it, but a page past
 * the end has no row, so only then is it counted again.
 */
export async function pageTotal(
  rows: readonly { total: number }[],
  page: number,
  recount: () => Promise<number>,
): Promise<number> {
  if (rows.length > 0 || page <= 1) return rows[0]?.total ?? 0;
  return recount();
}
