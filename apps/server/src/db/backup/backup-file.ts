import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { z } from 'zod';
import type { ShopCensus } from './shop-census.ts';
import { readTar, type TarEntry, TarFormatError, writeTar } from './tar-archive.ts';

/**
 * A backup of the embedded shop is one .tar.gz:
 *   shopper-backup.json  what it is, when it was made, the rows it holds and each file's checksum
 *   postgres.tar         a base backup of the embedded cluster with the WAL it needs (version 2)
 *   postgres-password    the cluster's generated password (version 2)
 *   pgdata.tar           PGlite's dump of its data directory (version 1, earlier versions of SHOPPER)
 *   secrets.json         the generated JWT secret, when DATA_DIR has one
 * Uploaded images are rows of `image_blobs`, so they travel inside the database's tar.
 */
export const BACKUP_FORMAT = 'shopper-backup';
export const BACKUP_VERSION = 2;
const MANIFEST_FILE = 'shopper-backup.json';
const PGLITE_FILE = 'pgdata.tar';
const POSTGRES_FILE = 'postgres.tar';
const PASSWORD_FILE = 'postgres-password';
const SECRETS_FILE = 'secrets.json';

const FileSumSchema = z.object({ bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.union([z.literal(1), z.literal(BACKUP_VERSION)]),
  createdAt: z.string(),
  /** The PostgreSQL that wrote the database's tar; only the same major version can open it. */
  postgresVersion: z.string(),
  census: z.object({
    tables: z.record(z.string(), z.number().int().min(0)),
    migrationsApplied: z.number().int().min(0),
    latestMigration: z.number().min(0),
  }),
  files: z.record(z.string(), FileSumSchema),
});

export type BackupManifest = z.infer<typeof ManifestSchema>;

export type BackupContents = {
  manifest: BackupManifest;
  /** The database as an uncompressed tar: a PGlite data directory (version 1) or a base backup (version 2). */
  database: { kind: 'pglite' | 'postgres'; tar: Uint8Array };
  /** The cluster's password (version 2). */
  password: Uint8Array | undefined;
  secrets: Uint8Array | undefined;
};

/** Thrown for a file that is not a whole backup; its message is meant for the owner as it is. */
export class BackupFileError extends Error {}

const sumOf = (bytes: Uint8Array) => ({
  bytes: bytes.length,
  sha256: createHash('sha256').update(bytes).digest('hex'),
});

export function packBackup(fields: {
  createdAt: Date;
  postgresVersion: string;
  census: ShopCensus;
  /** The base backup's tar. */
  database: Uint8Array;
  password: Uint8Array;
  secrets: Uint8Array | undefined;
}): Buffer {
  const files: Record<string, z.infer<typeof FileSumSchema>> = {
    [POSTGRES_FILE]: sumOf(fields.database),
    [PASSWORD_FILE]: sumOf(fields.password),
  };
  if (fields.secrets) files[SECRETS_FILE] = sumOf(fields.secrets);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: fields.createdAt.toISOString(),
    postgresVersion: fields.postgresVersion,
    census: fields.census,
    files,
  };
  const entries: TarEntry[] = [
    { name: MANIFEST_FILE, type: 'file', data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
    { name: POSTGRES_FILE, type: 'file', data: fields.database },
    { name: PASSWORD_FILE, type: 'file', data: fields.password },
  ];
  if (fields.secrets) entries.push({ name: SECRETS_FILE, type: 'file', data: fields.secrets });
  return gzipSync(writeTar(entries, fields.createdAt.getTime()));
}

const GZIP_MAGIC = [0x1f, 0x8b];

function gunzipBackup(bytes: Uint8Array, shownName: string): Uint8Array {
  if (bytes[0] !== GZIP_MAGIC[0] || bytes[1] !== GZIP_MAGIC[1]) {
    throw new BackupFileError(notABackup(shownName, 'it is not a .tar.gz file'));
  }
  try {
    return gunzipSync(bytes);
  } catch (error) {
    // zlib says Z_BUF_ERROR ("unexpected end of file") when the compressed stream stops early.
    if ((error as NodeJS.ErrnoException).code === 'Z_BUF_ERROR') {
      throw new BackupFileError(
        `${shownName} is incomplete: it ends early, as a copy or download that was cut off does. Use another copy of the backup.`,
      );
    }
    throw new BackupFileError(
      `${shownName} is damaged: its compressed data does not check out (${(error as Error).message}). Use another copy of the backup.`,
    );
  }
}

function notABackup(shownName: string, why: string): string {
  return `${shownName} is not a SHOPPER backup: ${why}. A backup is the .tar.gz file written by "npm run admin -- backup".`;
}

function parseManifest(entry: TarEntry | undefined, shownName: string): BackupManifest {
  if (!entry) throw new BackupFileError(notABackup(shownName, `it has no ${MANIFEST_FILE}`));
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(entry.data).toString('utf8'));
  } catch {
    throw new BackupFileError(`${shownName} is damaged: its ${MANIFEST_FILE} is not readable JSON.`);
  }
  const head = json as { format?: unknown; version?: unknown };
  if (head?.format !== BACKUP_FORMAT) {
    throw new BackupFileError(notABackup(shownName, `its ${MANIFEST_FILE} is not a SHOPPER backup manifest`));
  }
  if (typeof head.version === 'number' && head.version > BACKUP_VERSION) {
    throw new BackupFileError(
      `${shownName} was written by a newer version of SHOPPER (backup format ${head.version}); restore it with that version or a newer one.`,
    );
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) throw new BackupFileError(`${shownName} is damaged: its ${MANIFEST_FILE} is incomplete.`);
  return parsed.data;
}

function checkedFile(
  entries: Map<string, TarEntry>,
  manifest: BackupManifest,
  name: string,
  shownName: string,
): Uint8Array | undefined {
  const expected = manifest.files[name];
  const entry = entries.get(name);
  if (!expected && !entry) return undefined;
  if (!expected || !entry) throw new BackupFileError(`${shownName} is damaged: ${name} is missing or unexpected.`);
  const actual = sumOf(entry.data);
  if (actual.bytes !== expected.bytes || actual.sha256 !== expected.sha256) {
    throw new BackupFileError(
      `${shownName} is damaged: ${name} does not match the checksum recorded when it was made.`,
    );
  }
  return entry.data;
}

/** Reads and checks a whole backup: its manifest, every file's checksum, and that the database dump is a tar. */
export function unpackBackup(bytes: Uint8Array, shownName: string): BackupContents {
  const tar = gunzipBackup(bytes, shownName);
  let entries: TarEntry[];
  try {
    entries = readTar(tar);
  } catch (error) {
    if (error instanceof TarFormatError) throw new BackupFileError(notABackup(shownName, error.message));
    throw error;
  }
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const manifest = parseManifest(byName.get(MANIFEST_FILE), shownName);
  const kind = manifest.version === 1 ? 'pglite' : 'postgres';
  const databaseFile = kind === 'pglite' ? PGLITE_FILE : POSTGRES_FILE;
  const database = checkedFile(byName, manifest, databaseFile, shownName);
  if (!database) throw new BackupFileError(`${shownName} is damaged: it has no ${databaseFile}.`);
  const password = checkedFile(byName, manifest, PASSWORD_FILE, shownName);
  if (kind === 'postgres' && !password)
    throw new BackupFileError(`${shownName} is damaged: it has no ${PASSWORD_FILE}.`);
  const secrets = checkedFile(byName, manifest, SECRETS_FILE, shownName);
  // A base backup starts with its backup_label; a PGlite dump has none.
  const required = kind === 'pglite' ? ['PG_VERSION'] : ['PG_VERSION', 'backup_label'];
  try {
    const names = new Set(readTar(database).map((entry) => entry.name.replace(/^\//, '')));
    if (required.some((name) => !names.has(name))) throw new TarFormatError(`no ${required.join(' or ')}`);
  } catch (error) {
    if (error instanceof TarFormatError) {
      throw new BackupFileError(
        `${shownName} is damaged: ${databaseFile} is not ${kind === 'pglite' ? 'a PGlite data directory' : 'a PostgreSQL base backup'}.`,
      );
    }
    throw error;
  }
  return { manifest, database: { kind, tar: database }, password, secrets };
}
