import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../migrations-folder.ts';

/**
 * What a backup holds, counted: taken before the dump and again after a restore, so a restore
 * that did not bring every row back is refused instead of started.
 */
export type ShopCensus = {
  /** Rows of every table of the shop's schema, by table name. */
  tables: Record<string, number>;
  /** How many migrations were applied, and the journal time (`when`) of the newest; 0 for none. */
  migrationsApplied: number;
  latestMigration: number;
};

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** PGlite's client and node-postgres's both answer `query(text)` with `{ rows }`. */
export type CensusClient = { query<T>(text: string): Promise<{ rows: T[] }> };

export async function takeCensus(client: CensusClient): Promise<ShopCensus> {
  const tableNames = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const tables: Record<string, number> = {};
  for (const { name } of tableNames.rows) {
    const result = await client.query<{ n: number }>(`select count(*)::int as n from public.${quoted(name)}`);
    tables[name] = result.rows[0]?.n ?? 0;
  }
  // A server stopped during its very first start may have left no migrations table yet.
  const journal = await client.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!journal.rows[0]?.present) return { tables, migrationsApplied: 0, latestMigration: 0 };
  const migrations = await client.query<{ applied: number; latest: number }>(
    `select count(*)::int as applied, coalesce(max(created_at), 0)::float8 as latest
       from drizzle.__drizzle_migrations`,
  );
  return {
    tables,
    migrationsApplied: migrations.rows[0]?.applied ?? 0,
    latestMigration: migrations.rows[0]?.latest ?? 0,
  };
}

/** The journal times of the migrations this version of the shop carries, oldest first. */
export function knownMigrationTimes(): number[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return journal.entries.map((entry) => entry.when);
}

/** "3 users, 2 orders, …": the rows an owner recognises their shop by. */
export function describeCensus(census: ShopCensus): string {
  const shown: [table: string, one: string, many: string][] = [
    ['users', 'user', 'users'],
    ['orders', 'order', 'orders'],
    ['products', 'product', 'products'],
    ['stock_movements', 'stock ledger row', 'stock ledger rows'],
    ['image_blobs', 'stored image file', 'stored image files'],
  ];
  return shown
    .map(([table, one, many]) => {
      const n = census.tables[table] ?? 0;
      return `${n} ${n === 1 ? one : many}`;
    })
    .join(', ');
}
