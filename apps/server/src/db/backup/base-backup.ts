import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { readClusterFiles } from './cluster-files.ts';
import type { TarEntry } from './tar-archive.ts';

const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/**
 * A consistent copy of a running cluster with PostgreSQL's low-level base-backup API: a
 * temporary replication slot keeps the server from recycling the WAL the copy needs,
 * pg_backup_start/pg_backup_stop bracket the copy of the files, then the WAL segments from the
 * start to the stop point are added, with the backup_label that tells the server to replay them.
 * The shop keeps serving meanwhile.
 */
export async function takeBaseBackup(serverUrl: string, clusterDir: string): Promise<TarEntry[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const slot = `shopper_backup_${randomBytes(4).toString('hex')}`;
    // Temporary: dropped with this connection, whatever happens to this process.
    await client.query('select pg_create_physical_replication_slot($1, true, true)', [slot]);
    const started = await client.query<{ lsn: string; walfile: string }>(
      `select lsn::text, pg_walfile_name(lsn) as walfile from pg_backup_start('shopper backup', true) as lsn`,
    );
    const files = readClusterFiles(clusterDir);
    const stopped = await client.query<{ lsn: string; labelfile: string; spcmapfile: string; walfile: string }>(
      `select lsn::text, labelfile, spcmapfile, pg_walfile_name(lsn) as walfile from pg_backup_stop(false)`,
    );
    const first = started.rows[0]?.walfile ?? '';
    const last = stopped.rows[0]?.walfile ?? '';
    const walDir = path.join(clusterDir, 'pg_wal');
    const segments = readdirSync(walDir)
      .filter((name) => WAL_SEGMENT.test(name) && name >= first && name <= last)
      .sort();
    if (segments[0] !== first || segments.at(-1) !== last) {
      throw new Error(`the WAL of the backup (${first} to ${last}) is not all in ${walDir}`);
    }
    const wal: TarEntry[] = segments.map((name) => ({
      name: `pg_wal/${name}`,
      type: 'file',
      data: readFileSync(path.join(walDir, name)),
    }));
    const label: TarEntry[] = [
      { name: 'backup_label', type: 'file', data: Buffer.from(stopped.rows[0]?.labelfile ?? '') },
    ];
    const spcmap = stopped.rows[0]?.spcmapfile ?? '';
    if (spcmap) label.push({ name: 'tablespace_map', type: 'file', data: Buffer.from(spcmap) });
    return [...files, ...wal, ...label];
  } finally {
    await client.end();
  }
}
