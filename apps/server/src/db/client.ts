import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { listenPostgres } from './listen-postgres.ts';
import * as schema from './schema.ts';
import { migrationsFolder } from './migrations-folder.ts';
import { createReadReplicas, type ReadReplicaOptions, type ReadReplicas } from './read-replicas.ts';

/** The Drizzle database the services use, whichever PostgreSQL server is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What a LISTEN subscriber is told: each NOTIFY payload, and that a lost connection came back. */
export type NotificationHandlers = {
  onNotify: (payload: string) => void;
  /** Notifications sent while the connection was down are lost: the subscriber must assume a change. */
  onReconnect: () => void;
};

export type DatabaseHandle = {
  db: Database;
  /**
   * For read-only queries that may see the catalog as of its last change notification and other
   * rows up to DATABASE_READ_MAX_LAG_MS old: the standbys when there are any, else `db` itself.
   * Never for a transaction, nor for what the same request wrote (docs/decisions/070).
   */
  readDb: Database;
  /** The standbys behind `readDb`; undefined without DATABASE_READ_URL. */
  readReplicas?: ReadReplicas;
  /** `embedded`: the server the shop runs itself under DATA_DIR; `postgres`: DATABASE_URL. */
  kind: 'embedded' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * LISTEN on `channel` (a fixed identifier, never user input): a dedicated connection outside
   * the pool, reconnected with backoff. Resolves with the function that stops listening.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

const MIGRATION_LOCK_KEY = 7_230_000;

const drizzleOptions = { schema, casing: 'snake_case' } as const;

export function openPostgres(
  connectionString: string,
  reads?: Pick<ReadReplicaOptions, 'urls' | 'maxLagMs' | 'log'>,
): DatabaseHandle {
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
  const readReplicas = reads?.urls.length ? createReadReplicas({ primary: pool, ...reads }) : undefined;
  readReplicas?.start();
  return {
    db: db,
    // Drizzle sends a read-only query through `client.query` alone, which is all the router offers.
    readDb: readReplicas ? drizzlePg({ client: readReplicas.client as unknown as pg.Pool, ...drizzleOptions }) : db,
    ...(readReplicas ? { readReplicas } : {}),
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
    close: async () => {
      await readReplicas?.stop();
      await pool.end();
    },
  };
}
