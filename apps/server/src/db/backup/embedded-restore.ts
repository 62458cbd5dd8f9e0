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
import { PGlite } from '@electric-sql/pglite';
import { dataDirLayout } from '../data-dir-layout.ts';
import { type BackupContents, type BackupManifest, unpackBackup } from './backup-file.ts';
import { fsyncPath, fsyncTree } from './durable-files.ts';
import { describeCensus, knownMigrationTimes, takeCensus } from './shop-census.ts';
import { lockStoppedShop } from './stopped-shop-lock.ts';

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
  if (existsSync(layout.pgdata) && readdirSync(layout.pgdata).length > 0) found.push('a database');
  if (existsSync(layout.secrets)) found.push('a generated JWT secret');
  return found;
}

/** Opens the dump in `pgdata` as PGlite would, and refuses it unless every table has the rows the backup counted. */
async function loadAndCheck(pgdata: string, backup: BackupContents, file: string): Promise<void> {
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: pgdata, loadDataDir: new Blob([new Uint8Array(backup.database)]) });
  } catch (error) {
    throw new Error(
      `The embedded database of this version cannot open ${file} (made on PostgreSQL ${backup.manifest.postgresVersion}): ${(error as Error).message}`,
    );
  }
  try {
    const census = await takeCensus(client);
    if (!isDeepStrictEqual(census, backup.manifest.census)) {
      const differing = Object.keys({ ...census.tables, ...backup.manifest.census.tables }).filter(
        (table) => census.tables[table] !== backup.manifest.census.tables[table],
      );
      throw new Error(
        `${file} did not come back whole: the restored database differs from what was counted when the backup was made` +
          `${differing.length > 0 ? ` (${differing.join(', ')})` : ' (its migrations)'}.`,
      );
    }
  } finally {
    await client.close();
  }
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
  mkdirSync(path.dirname(aside.pgdata));
  const done: [from: string, to: string][] = [];
  const move = (from: string, to: string) => {
    renameSync(from, to);
    done.push([from, to]);
  };
  const hadDatabase = existsSync(layout.pgdata);
  try {
    if (hadDatabase) move(layout.pgdata, aside.pgdata);
    move(staged.pgdata, layout.pgdata);
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
          `(${(undoError as Error).message}). They are in ${path.dirname(aside.pgdata)}: move them back into ${dataDir} ` +
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
      await loadAndCheck(staged.pgdata, backup, source);
      if (backup.secrets) writeFileSync(staged.secrets, backup.secrets, { mode: 0o600 });
      // PGlite wrote the files without fsync; the restored shop must survive a power cut from here on.
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
