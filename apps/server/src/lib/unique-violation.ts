/** True when a database error is PostgreSQL's unique violation (23505) of this constraint or index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const cause = (error as { cause?: unknown } | undefined)?.cause ?? error;
  const e = cause as { code?: string; constraint?: string; message?: string } | undefined;
  return e?.code === '23505' && (e.constraint === constraint || (e.message ?? '').includes(constraint));
}
