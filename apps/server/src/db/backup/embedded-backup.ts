import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { dataDirLayout } from '../data-dir-layout.ts';
import { packBackup } from './backup-file.ts';
import { writeFileDurably } from './durable-files.ts';
import { describeCensus, type ShopCensus, takeCensus } from './shop-census.ts';
import { lockStoppedShop } from './stopped-shop-lock.ts';

export type BackupOutcome = { file: string; bytes: number; census: ShopCensus; withSecrets: boolean };

/**
 * `npm run admin -- backup <file>`: the embedded database (every table, uploaded images
 * included) and the generated secrets, into one .tar.gz. The database is opened as it is, never
 * migrated, so a backup taken before an upgrade is the shop as the old version left it.
 */
export async function backupEmbeddedShop({
  dataDir,
  file,
  force,
  clock = () => new Date(),
}: {
  dataDir: string;
  file: string;
  force: boolean;
  clock?: () => Date;
}): Promise<BackupOutcome> {
  const target = path.resolve(file);
  if (!existsSync(path.dirname(target))) {
    throw new Error(`The folder ${path.dirname(target)} does not exist: create it, or name a file in another folder.`);
  }
  if (existsSync(target)) {
    if (statSync(target).isDirectory()) throw new Error(`${target} is a folder: name the backup file to write.`);
    if (!force) throw new Error(`${target} already exists. Choose another name, or add --force to replace it.`);
  }
  const layout = dataDirLayout(dataDir);
  // Opening a missing database would create an empty one: check before anything touches DATA_DIR.
  if (!existsSync(path.join(layout.pgdata, 'PG_VERSION'))) {
    throw new Error(
      `There is no embedded database in ${dataDir} to back up. Run the command with the DATA_DIR the shop runs with.`,
    );
  }

  const release = lockStoppedShop(dataDir, 'backup');
  let fields: Omit<Parameters<typeof packBackup>[0], 'createdAt'>;
  try {
    const client = await PGlite.create({ dataDir: layout.pgdata });
    try {
      // Written-back data files make the dump start without replaying the write-ahead log.
      await client.exec('checkpoint');
      const census = await takeCensus(client);
      const version = await client.query<{ server_version: string }>('show server_version');
      const dump = await client.dumpDataDir('none');
      fields = {
        census,
        postgresVersion: version.rows[0]?.server_version ?? 'unknown',
        database: new Uint8Array(await dump.arrayBuffer()),
        secrets: existsSync(layout.secrets) ? readFileSync(layout.secrets) : undefined,
      };
    } finally {
      await client.close();
    }
  } finally {
    release();
  }

  const bytes = packBackup({ ...fields, createdAt: clock() });
  // It holds password hashes, customers' details and maybe the JWT secret: readable by its owner only.
  try {
    writeFileDurably(target, bytes, 0o600);
  } catch (error) {
    throw new Error(`Cannot write the backup to ${target}: ${(error as Error).message}`);
  }
  return { file: target, bytes: bytes.length, census: fields.census, withSecrets: fields.secrets !== undefined };
}

export function describeBackup(outcome: BackupOutcome): string {
  const megabytes = (outcome.bytes / 1024 / 1024).toFixed(1);
  return (
    `Backed up the shop to ${outcome.file} (${megabytes} MB): ${describeCensus(outcome.census)}` +
    `${outcome.withSecrets ? ', and the generated JWT secret' : ''}. ` +
    'Keep a copy away from this machine; it holds customers’ details and password hashes.'
  );
}
