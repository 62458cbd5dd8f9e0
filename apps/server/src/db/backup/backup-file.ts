import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { z } from 'zod';
import type { ShopCensus } from './shop-census.ts';
import { readTar, type TarEntry, TarFormatError, writeTar } from './tar-archive.ts';

/**
 * A backup of the embedded shop is one .tar.gz:
 *   shopper-backup.json  what it is, when it was made, the rows it holds and each file's checksum
 *   pgdata.tar           PGlite's own dump of its data directory (`dumpDataDir`)
 *   secrets.json         the generated JWT secret, when DATA_DIR has one
 * Uploaded images are rows of `image_blobs`, so they travel inside pgdata.tar.
 */
export const BACKUP_FORMAT = 'shopper-backup';
export const BACKUP_VERSION = 1;
const MANIFEST_FILE = 'shopper-backup.json';
const DATABASE_FILE = 'pgdata.tar';
const SECRETS_FILE = 'secrets.json';

const FileSumSchema = z.object({ bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string(),
  /** PostgreSQL inside the PGlite that wrote pgdata.tar; only the same major version can open it. */
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
  /** PGlite's uncompressed data directory tarball. */
  database: Uint8Array;
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
  database: Uint8Array;
  secrets: Uint8Array | undefined;
}): Buffer {
  const files: Record<string, z.infer<typeof FileSumSchema>> = { [DATABASE_FILE]: sumOf(fields.database) };
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
    { name: DATABASE_FILE, type: 'file', data: fields.database },
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
  const database = checkedFile(byName, manifest, DATABASE_FILE, shownName);
  if (!database) throw new BackupFileError(`${shownName} is damaged: it has no ${DATABASE_FILE}.`);
  const secrets = checkedFile(byName, manifest, SECRETS_FILE, shownName);
  try {
    if (!readTar(database).some((entry) => entry.name.replace(/^\//, '') === 'PG_VERSION')) {
      throw new TarFormatError('no PG_VERSION');
    }
  } catch (error) {
    if (error instanceof TarFormatError) {
      throw new BackupFileError(`${shownName} is damaged: ${DATABASE_FILE} is not a PGlite data directory.`);
    }
    throw error;
  }
  return { manifest, database, secrets };
}
