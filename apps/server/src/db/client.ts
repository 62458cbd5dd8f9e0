import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { tracePgliteQueries } from '../telemetry/pglite-spans.ts';
import { isTracingStarted } from '../telemetry/tracing-state.ts';
import { listenPostgres } from './listen-postgres.ts';
import * as schema from './schema.ts';
import { migrationsFolder } from './migrations-folder.ts';

/** One Drizzle type for both drivers, so services never know which database they run on. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What a LISTEN subscriber is told: each NOTIFY payload, and that a lost connection came back. */
export type NotificationHandlers = {
  onNotify: (payload: string) => void;
  /** Notifications sent while the connection was down are lost: the subscriber must assume a change. */
  onReconnect: () => void;
};

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * LISTEN on `channel` (a fixed identifier, never user input). On PostgreSQL a dedicated
   * connection outside the pool, reconnected with backoff; on PGlite the in-process notifications.
   * Resolves with the function that stops listening.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  /** PGlite only: the data directory as a tarball, used to give each test file a migrated copy. */
  dumpDataDir(): Promise<Blob>;
  close(): Promise<void>;
};

const MIGRATION_LOCK_KEY = 7_230_000;

const drizzleOptions = { schema, casing: 'snake_case' } as const;

export function wrapPglite(client: PGlite): DatabaseHandle {
  // PostgreSQL's queries are traced by the pg instrumentation; the embedded database's only here.
  if (isTracingStarted()) tracePgliteQueries(client);
  const db = drizzlePglite({ client, ...drizzleOptions });
  return {
    db: db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, { onNotify }) => await client.listen(channel, onNotify),
    dumpDataDir: async () => await client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

/** Embedded PostgreSQL in WASM; files under `dataDir`, or in memory when `dataDir` is undefined. */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const client = await PGlite.create({ dataDir, loadDataDir });
  return wrapPglite(client);
}

export function openPostgres(connectionString: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // The pool listens only while a client is idle. One checked out (a transaction between two
  // queries) that loses its connection, to a database restart say, would emit an 'error' nobody
  // hears, and that ends the process. Heard here, the transaction's next query fails instead and
  // the client is dropped when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzlePg({ client: pool, ...drizzleOptions });
  return {
    db: db,
    kind: 'postgres',
    migrate: async () => {
      // Instances starting together queue on a session lock, so only one applies the migrations.
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(db, { migrationsFolder: migrationsFolder() });
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        lockClient.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    listen: (channel, handlers) => listenPostgres(connectionString, channel, handlers),
    dumpDataDir: () => Promise.reject(new Error('dumpDataDir is for the embedded database only')),
    close: () => pool.end(),
  };
}
