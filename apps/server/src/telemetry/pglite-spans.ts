import type { PGlite, Transaction } from '@electric-sql/pglite';
import { SpanKind } from '@opentelemetry/api';
import { hasActiveSpan, inSpan } from './spans.ts';

/** The SQL verb names the span, as the pg instrumentation names its own (`pg.query:SELECT`). */
const verbOf = (text: string) => /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';

function traced(query: PGlite['query']): PGlite['query'] {
  return ((text, params, options) => {
    if (!hasActiveSpan()) return query(text, params, options);
    // The stable database conventions, as the pg instrumentation writes them: one query, whichever database.
    const attributes = { 'db.system.name': 'postgresql', 'db.query.text': text };
    return inSpan(`pglite.query:${verbOf(text)}`, { kind: SpanKind.CLIENT, attributes }, () =>
      query(text, params, options),
    );
  }) as PGlite['query'];
}

/**
 * The embedded database runs in this process, so no instrumentation sees its queries: wraps the
 * two entry points Drizzle calls, `query` and `transaction` (whose handle has its own `query`).
 * Statements are Drizzle's, with `$n` placeholders: no customer data reaches the span.
 */
export function tracePgliteQueries(client: PGlite): void {
  const transaction = client.transaction.bind(client);
  client.query = traced(client.query.bind(client));
  client.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => {
      tx.query = traced(tx.query.bind(tx));
      return callback(tx);
    })) as PGlite['transaction'];
}
