/**
 * Whether a failure means the database is out of reach for now (restarting, failing over, refusing
 * connections) rather than a bug: such a request is answered 503 with a Retry-After, and the pool
 * reconnects by itself once the database is back.
 */

// SQLSTATE class 08 (connection exception), the shutdown and start-up codes of class 57P, and
// too many connections.
const UNAVAILABLE_SQLSTATE = /^(08\d{3}|57P0[1-3]|53300)$/;
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
// node-postgres reports a lost or refused connection in words only.
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection error|timeout exceeded when trying to connect|is not currently accepting connections|Client was closed and is not queryable/i;

function looksUnavailable(error: { code?: unknown; message?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code)) return true;
  return typeof error.message === 'string' && UNAVAILABLE_MESSAGE.test(error.message);
}

/** Follows `cause` (Drizzle wraps the driver's error in its own) and AggregateError's errors. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const candidate = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (looksUnavailable(candidate)) return true;
  if (isDatabaseUnavailable(candidate.cause, depth + 1)) return true;
  return Array.isArray(candidate.errors) && candidate.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}
