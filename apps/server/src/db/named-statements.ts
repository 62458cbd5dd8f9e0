import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/**
 * Statements a process names at most: each connection keeps every statement it prepared for as
 * long as it lives (node-postgres has no eviction), so the shapes past this many run unnamed.
 */
export const NAMED_STATEMENT_LIMIT = 64;

const named = new Set<string>();

/** The name a statement's text gets, while the process has names left to give (docs/decisions/071). */
export function statementName(text: string, prefix: string): string | undefined {
  const name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  if (named.has(name)) return name;
  if (named.size >= NAMED_STATEMENT_LIMIT) return undefined;
  named.add(name);
  return name;
}

/**
 * Runs a hot read as a named prepared statement: each connection parses it once, and PostgreSQL
 * may plan it once, instead of parsing and planning it on every request. The listing's statement
 * spent about as long in parse and plan as in execution (decision 071). Answers the rows.
 */
export async function executeNamed<Row>(db: Database, prefix: string, query: SQL): Promise<Row[]> {
  // The dialect is Drizzle's own (internal, but the one that knows this database's casing).
  const built = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  const prepared = db._.session.prepareQuery(built, undefined, statementName(built.sql, prefix), false);
  const result = (await prepared.execute()) as { rows?: Row[] };
  return result.rows ?? [];
}
