import { readFileSync } from 'node:fs';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from './client.ts';
import { openPostgres } from './client.ts';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';
import { dataDirLayout } from './data-dir-layout.ts';
import { EmbeddedServer, quietLog, runningPostmaster, type ServerLog, SUPERUSER } from './embedded/server.ts';
import { prepareShopDatabase, SHOP_DATABASE } from './embedded/shop-database.ts';

export type EmbeddedDatabaseHandle = DatabaseHandle & { server: EmbeddedServer };

/**
 * The embedded PostgreSQL under DATA_DIR: DATA_DIR is locked (one shop per folder), the server
 * started (its cluster created on the first start, a PGlite database of an earlier version
 * copied in), and closing the handle stops the server and releases the folder.
 */
export async function openEmbeddedDatabase(
  dataDir: string,
  log: ServerLog = quietLog,
): Promise<EmbeddedDatabaseHandle> {
  const release = lockDataDir(dataDir);
  const layout = dataDirLayout(dataDir);
  let server: EmbeddedServer | undefined;
  try {
    server = new EmbeddedServer({
      clusterDir: layout.postgres,
      passwordFile: layout.postgresPassword,
      logFile: layout.postgresLog,
      log,
    });
    await server.start();
    await prepareShopDatabase(server, dataDir, log);
    const handle = openPostgres(server.url(SHOP_DATABASE));
    const running = server;
    return {
      ...handle,
      kind: 'embedded',
      server: running,
      close: async () => {
        try {
          await handle.close();
          await running.stop();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    await server?.stop();
    release();
    throw error;
  }
}

/** A way into the embedded server of DATA_DIR for an admin command, whether the shop runs or not. */
export type ReachedServer = {
  url(database: string): string;
  clusterDir: string;
  /** Stops the server when the command started it; leaves the running shop's alone. */
  close(): Promise<void>;
};

/**
 * The running shop's server, reached over its port (from postmaster.pid) with the password in
 * DATA_DIR; or, when no shop runs, one started for the command and stopped after it.
 */
export async function reachEmbeddedServer(dataDir: string, log: ServerLog = quietLog): Promise<ReachedServer> {
  const layout = dataDirLayout(dataDir);
  let handle: EmbeddedDatabaseHandle;
  try {
    handle = await openEmbeddedDatabase(dataDir, log);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const port = await runningShopPort(layout.postgres, error);
    const password = readFileSync(layout.postgresPassword, 'utf8').trim();
    return {
      url: (database) => `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/${database}`,
      clusterDir: layout.postgres,
      close: async () => {},
    };
  }
  return { url: (database) => handle.server.url(database), clusterDir: layout.postgres, close: () => handle.close() };
}

/** The port of the server the running shop holds; it may be starting, or restarting after a crash. */
async function runningShopPort(clusterDir: string, lockError: DataDirLockedError): Promise<number> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const postmaster = runningPostmaster(clusterDir);
    if (postmaster) return postmaster.port;
    if (Date.now() > deadline) {
      throw new Error(
        `${lockError.message} Its embedded PostgreSQL server is not running: wait until the shop has started, then try again.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** For `npm run admin`: DATABASE_URL, or the shop's database on the embedded server (reachEmbeddedServer). */
export async function openAdminDatabase(config: Config, log: ServerLog = quietLog): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const server = await reachEmbeddedServer(config.dataDir, log);
  const handle = openPostgres(server.url(SHOP_DATABASE));
  return {
    ...handle,
    kind: 'embedded',
    close: async () => {
      await handle.close();
      await server.close();
    },
  };
}

/** PostgreSQL at DATABASE_URL when set; otherwise the embedded server under DATA_DIR. */
export async function openDatabase(config: Config, log: ServerLog = quietLog): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { ...config.readReplicas, log });
  return await openEmbeddedDatabase(config.dataDir, log);
}
