import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { dataDirLayout } from '../data-dir-layout.ts';
import { reachEmbeddedServer } from '../open-database.ts';
import { takeBaseBackup } from './base-backup.ts';
import { packBackup } from './backup-file.ts';
import { writeClusterFiles } from './cluster-files.ts';
import { writeFileDurably } from './durable-files.ts';
import { censusOfCluster } from './restored-cluster.ts';
import { describeCensus, type ShopCensus } from './shop-census.ts';
import { writeTar } from './tar-archive.ts';

export type BackupOutcome = { file: string; bytes: number; census: ShopCensus; withSecrets: boolean };

/**
 * `npm run admin -- backup <file>`, with the shop running or not: a base backup of the embedded
 * cluster (every table, uploaded images included), its password and the generated secrets, in
 * one .tar.gz. Before it is written, the copy is started as a server of its own and counted: the
 * census in the file is that of the copy itself, which a restore checks again.
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
  // Starting a server on an empty DATA_DIR would create a shop: check before anything touches it.
  if (!existsSync(path.join(layout.postgres, 'PG_VERSION')) && !existsSync(path.join(layout.pglite, 'PG_VERSION'))) {
    throw new Error(
      `There is no embedded database in ${dataDir} to back up. Run the command with the DATA_DIR the shop runs with.`,
    );
  }

  const createdAt = clock();
  const server = await reachEmbeddedServer(dataDir);
  let files;
  let postgresVersion: string;
  try {
    files = await takeBaseBackup(server.url('postgres'), server.clusterDir);
    const client = new pg.Client({ connectionString: server.url('postgres') });
    await client.connect();
    postgresVersion =
      (await client.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v ?? '';
    await client.end();
  } finally {
    await server.close();
  }
  const password = readFileSync(layout.postgresPassword);
  const check = mkdtempSync(path.join(dataDir, '.backup-check-'));
  let census: ShopCensus;
  try {
    writeClusterFiles(dataDirLayout(check).postgres, files);
    writeFileSync(dataDirLayout(check).postgresPassword, password, { mode: 0o600 });
    census = await censusOfCluster(check, { durable: false });
  } finally {
    rmSync(check, { recursive: true, force: true });
  }
  const secrets = existsSync(layout.secrets) ? readFileSync(layout.secrets) : undefined;
  const bytes = packBackup({ createdAt, postgresVersion, census, database: writeTar(files), password, secrets });
  // It holds password hashes, customers' details and the generated secrets: readable by its owner only.
  try {
    writeFileDurably(target, bytes, 0o600);
  } catch (error) {
    throw new Error(`Cannot write the backup to ${target}: ${(error as Error).message}`);
  }
  return { file: target, bytes: bytes.length, census, withSecrets: secrets !== undefined };
}

export function describeBackup(outcome: BackupOutcome): string {
  const megabytes = (outcome.bytes / 1024 / 1024).toFixed(1);
  return (
    `Backed up the shop to ${outcome.file} (${megabytes} MB): ${describeCensus(outcome.census)}` +
    `${outcome.withSecrets ? ', and the generated JWT secret' : ''}. ` +
    'Keep a copy away from this machine; it holds customers’ details and password hashes.'
  );
}
