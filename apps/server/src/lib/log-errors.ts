import pino from 'pino';

/** A statement the database refused, as Drizzle reports it: its text, its values and the driver's error. */
type FailedQuery = Error & { query: string; params: unknown[] };

const isFailedQuery = (error: unknown): error is FailedQuery =>
  error instanceof Error &&
  typeof (error as Partial<FailedQuery>).query === 'string' &&
  Array.isArray((error as Partial<FailedQuery>).params);

/** What a driver error may keep: where it failed, never `detail`, which quotes the row's values. */
const DRIVER_FIELDS = ['code', 'constraint', 'table', 'column', 'routine'] as const;

const stackFrames = (error: Error) => (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));

/**
 * pino's error serializer, except for a failed statement: its values are customers' emails,
 * addresses and passwords' hashes, so the line keeps the statement and how many values it had.
 * Drizzle writes the values into the message and the stack too; both are rebuilt without them.
 */
export function serializeError(error: Error): unknown {
  if (!isFailedQuery(error)) return pino.stdSerializers.err(error);
  const message = `Failed query: ${error.query}`;
  const driver: (Error & Partial<Record<(typeof DRIVER_FIELDS)[number], unknown>>) | undefined =
    error.cause instanceof Error ? error.cause : undefined;
  return {
    type: error.constructor.name,
    message,
    stack: [`${error.name}: ${message}`, ...stackFrames(error)].join('\n'),
    query: error.query,
    paramCount: error.params.length,
    ...(driver
      ? {
          cause: {
            type: driver.constructor.name,
            message: driver.message,
            ...Object.fromEntries(
              DRIVER_FIELDS.filter((key) => driver[key] !== undefined).map((key) => [key, driver[key]]),
            ),
          },
        }
      : {}),
  };
}
