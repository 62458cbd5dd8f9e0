import { type Dirent, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TarEntry } from './tar-archive.ts';

/**
 * Folders of a running cluster whose contents a base backup leaves out (PostgreSQL's own list
 * for base backups): the server makes them again, and pg_wal gets the segments the backup needs.
 */
const CONTENTS_LEFT_OUT = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const FILES_LEFT_OUT = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'backup_manifest',
]);

/**
 * Every folder and file of the cluster at `root` as tar entries, as they are while the server
 * writes them: a page torn by a concurrent write is put right by the full-page images the WAL
 * holds from the backup's start on. A file dropped meanwhile is simply not there.
 */
export function readClusterFiles(root: string, relative = ''): TarEntry[] {
  const entries: TarEntry[] = [];
  let children: Dirent[];
  try {
    children = readdirSync(path.join(root, relative), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return entries;
    throw error;
  }
  for (const child of children) {
    const name = relative ? `${relative}/${child.name}` : child.name;
    if (child.isDirectory()) {
      entries.push({ name, type: 'directory', data: new Uint8Array(0) });
      if (!CONTENTS_LEFT_OUT.has(name) && !child.name.startsWith('pgsql_tmp')) {
        entries.push(...readClusterFiles(root, name));
      }
    } else if (child.isFile() && !FILES_LEFT_OUT.has(name) && !child.name.startsWith('pgsql_tmp')) {
      try {
        entries.push({ name, type: 'file', data: readFileSync(path.join(root, name)) });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  return entries;
}

/** Writes tar entries under `root`, refusing any name that would land outside it. */
export function writeClusterFiles(root: string, entries: TarEntry[]): void {
  mkdirSync(root, { recursive: true, mode: 0o700 });
  for (const entry of entries) {
    const target = path.resolve(root, entry.name);
    if (!target.startsWith(path.resolve(root) + path.sep)) throw new Error(`unsafe name in a backup: ${entry.name}`);
    if (entry.type === 'directory') mkdirSync(target, { recursive: true, mode: 0o700 });
    else {
      mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      writeFileSync(target, entry.data, { mode: 0o600 });
    }
  }
}
