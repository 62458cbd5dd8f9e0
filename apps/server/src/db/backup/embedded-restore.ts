import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { dataDirLayout } from '../data-dir-layout.ts';
import { EmbeddedServer } from '../embedded/server.ts';
import { loadPgliteInto, SHOP_DATABASE } from '../embedded/shop-database.ts';
import { type BackupContents, type BackupManifest, unpackBackup } from './backup-file.ts';
import { writeClusterFiles } from './cluster-files.ts';
import { fsyncPath, fsyncTree } from './durable-files.ts';
import { censusOfCluster } from './restored-cluster.ts';
import { describeCensus, knownMigrationTimes, type ShopCensus, takeCensus } from './shop-census.ts';
import { lockStoppedShop } from './stopped-shop-lock.ts';
import { readTar } from './tar-archive.ts';

export type RestoreOutcome = {
  file: string;
  dataDir: string;
  manifest: BackupManifest;
  /** Migrations of this version newer than the backup: the server applies them when it starts. */
  pendingMigrations: number;
  replaced: boolean;
};

/** Putting the previous files back failed too: the staging folder holds them and must be kept. */
class RollbackFailedError extends Error {}

function readBackupBytes(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`There is no file ${file}.`);
    if (code === 'EISDIR') throw new Error(`${file} is a folder, not a backup file.`);
    throw new Error(`Cannot read ${file}: ${(error as Error).message}`);
  }
}

/** What of a shop DATA_DIR already holds, worded for the refusal. */
function shopFilesIn(layout: ReturnType<typeof dataDirLayout>): string[] {
  const found: string[] = [];
  const hasFiles = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;
  if (hasFiles(layout.postgres) || hasFiles(layout.pglite)) found.push('a database');
  if (existsSync(layout.secrets)) found.push('a generated JWT secret');
  return found;
}

function refuseUnlessEqual(census: ShopCensus, expected: ShopCensus, file: string): void {
  if (isDeepStrictEqual(census, expected)) return;
  const differing = Object.keys({ ...census.tables, ...expected.tables }).filter(
    (table) => census.tables[table] !== expected.tables[table],
  );
  throw new Error(
    `${file} did not come back whole: the restored database differs from what was counted when the backup was made` +
      `${differing.length > 0 ? ` (${differing.join(', ')})` : ' (its migrations)'}.`,
  );
}

/**
 * Lays the backup out as a cluster under `staging` (postgres/ and postgres-password) and refuses
 * it unless its rows are those the backup counted. A base backup is started, replays its WAL and
 * is counted; a PGlite dump of an earlier version is opened and counted as PGlite, then copied
 * into a new cluster (the shop's first start does the same with a PGlite DATA_DIR).
 */
async function stageAndCheck(staging: string, backup: BackupContents, file: string): Promise<void> {
  const staged = dataDirLayout(staging);
  const expected = backup.manifest.census;
  const cannotOpen = (error: unknown) =>
    new Error(
      `The embedded database of this version cannot open ${file} (made on PostgreSQL ${backup.manifest.postgresVersion}): ${(error as Error).message}`,
    );
  if (backup.database.kind === 'postgres') {
    writeClusterFiles(staged.postgres, readTar(backup.database.tar));
    writeFileSync(staged.postgresPassword, backup.password ?? new Uint8Array(), { mode: 0o600 });
    let census: ShopCensus;
    try {
      census = await censusOfCluster(staging, { durable: true });
    } catch (error) {
      throw cannotOpen(error);
    }
    refuseUnlessEqual(census, expected, file);
    return;
  }
  const pgliteDir = path.join(staging, 'pglite');
  const { openPgliteFiles } = await import('../pglite.ts');
  try {
    const client = await openPgliteFiles(pgliteDir, new Blob([new Uint8Array(backup.database.tar)]));
    try {
      refuseUnlessEqual(await takeCensus(client), expected, file);
    } finally {
      await client.close();
    }
  } catch (error) {
    if ((error as Error).message.includes('did not come back whole')) throw error;
    throw cannotOpen(error);
  }
  const server = new EmbeddedServer({
    clusterDir: staged.postgres,
    passwordFile: staged.postgresPassword,
    logFile: staged.postgresLog,
  });
  await server.start();
  try {
    await loadPgliteInto(server, pgliteDir, SHOP_DATABASE);
  } finally {
    await server.stop();
  }
  rmSync(pgliteDir, { recursive: true, force: true });
}

/**
 * Moves the staged files into DATA_DIR and the previous ones aside into the staging folder. Each
 * move is a rename within one file system, so the database folder is never a mix of old and
 * restored files; a failure puts back what had moved. Between the two renames of the database
 * folder there is none: a crash in that instant leaves the old one in DATA_DIR/.restoring-…/replaced.
 * Answers whether a previous database was replaced.
 */
function swapIn(dataDir: string, staging: string, withSecrets: boolean): boolean {
  const layout = dataDirLayout(dataDir);
  const staged = dataDirLayout(staging);
  const aside = dataDirLayout(path.join(staging, 'replaced'));
  mkdirSync(path.dirname(aside.postgres));
  const done: [from: string, to: string][] = [];
  const move = (from: string, to: string) => {
    renameSync(from, to);
    done.push([from, to]);
  };
  const hadDatabase = existsSync(layout.postgres) || existsSync(layout.pglite);
  try {
    if (existsSync(layout.postgres)) move(layout.postgres, aside.postgres);
    // An earlier version's PGlite files would otherwise be taken for the shop's data on the next start.
    if (existsSync(layout.pglite)) move(layout.pglite, aside.pglite);
    if (existsSync(layout.postgresPassword)) move(layout.postgresPassword, aside.postgresPassword);
    move(staged.postgres, layout.postgres);
    move(staged.postgresPassword, layout.postgresPassword);
    if (withSecrets) {
      if (existsSync(layout.secrets)) move(layout.secrets, aside.secrets);
      move(staged.secrets, layout.secrets);
    }
    fsyncPath(dataDir);
  } catch (error) {
    try {
      for (const [from, to] of done.reverse()) renameSync(to, from);
    } catch (undoError) {
      throw new RollbackFailedError(
        `The restore failed (${(error as Error).message}) and putting the previous files back failed too ` +
          `(${(undoError as Error).message}). They are in ${path.dirname(aside.postgres)}: move them back into ${dataDir} ` +
          'before starting the shop.',
      );
    }
    throw error;
  }
  return hadDatabase;
}

/**
 * `npm run admin -- restore <file>`: checks the whole backup, loads it into a folder inside
 * DATA_DIR, counts its rows against the backup's own count, flushes it to disk, and only then
 * renames it into place. Until then the shop in DATA_DIR is left as it was.
 */
export async function restoreEmbeddedShop({
  dataDir,
  file,
  force,
}: {
  dataDir: string;
  file: string;
  force: boolean;
}): Promise<RestoreOutcome> {
  const source = path.resolve(file);
  const backup = unpackBackup(readBackupBytes(source), source);
  const known = knownMigrationTimes();
  if (backup.manifest.census.latestMigration > Math.max(0, ...known)) {
    throw new Error(
      `${source} was made by a newer version of SHOPPER: its database has migrations this version does not know. ` +
        'Restore it with that version or a newer one.',
    );
  }

  const release = lockStoppedShop(dataDir, 'restore');
  try {
    const present = shopFilesIn(dataDirLayout(dataDir));
    if (present.length > 0 && !force) {
      throw new Error(
        `${dataDir} already holds a shop (${present.join(' and ')}). Restoring replaces it: add --force to do so ` +
          '(back it up first if you may want it again).',
      );
    }
    const staging = mkdtempSync(path.join(dataDir, '.restoring-'));
    let keepStaging = false;
    try {
      const staged = dataDirLayout(staging);
      await stageAndCheck(staging, backup, source);
      if (backup.secrets) writeFileSync(staged.secrets, backup.secrets, { mode: 0o600 });
      // The files were written without fsync; the restored shop must survive a power cut from here on.
      fsyncTree(staging);
      const replaced = swapIn(dataDir, staging, backup.secrets !== undefined);
      return {
        file: source,
        dataDir,
        manifest: backup.manifest,
        pendingMigrations: known.filter((when) => when > backup.manifest.census.latestMigration).length,
        replaced,
      };
    } catch (error) {
      if (error instanceof RollbackFailedError) keepStaging = true;
      throw error;
    } finally {
      if (!keepStaging) rmSync(staging, { recursive: true, force: true });
    }
  } finally {
    release();
  }
}

export function describeRestore(outcome: RestoreOutcome): string {
  const { manifest } = outcome;
  return [
    `Restored the backup of ${manifest.createdAt} into ${outcome.dataDir}: ${describeCensus(manifest.census)}` +
      `${manifest.files['secrets.json'] ? ', and the generated JWT secret' : ''}.`,
    outcome.replaced ? 'The shop that was there has been replaced.' : undefined,
    outcome.pendingMigrations > 0
      ? `The backup predates ${outcome.pendingMigrations} migration(s) of this version; the shop applies them when it starts.`
      : undefined,
    'Start the shop again.',
  ]
    .filter(Boolean)
    .join(' ');
}
