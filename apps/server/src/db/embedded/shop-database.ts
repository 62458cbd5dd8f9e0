import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../client.ts';
import { dataDirLayout, importedPgliteDir } from '../data-dir-layout.ts';
import { fsyncPath } from '../backup/durable-files.ts';
import { copyFromPglite, type TableCounts } from './copy-from-pglite.ts';
import type { EmbeddedServer, ServerLog } from './server.ts';

/** The shop's database in the embedded cluster. */
export const SHOP_DATABASE = 'shopper';
const IMPORT_DATABASE = 'shopper_import';
const IMPORTED_MARK = 'imported from PGlite';

/**
 * Loads a PGlite data directory (`pgliteDir`, which this changes: pass a copy) into a new
 * database `name` of the running server, both migrated to this version, counted table by table.
 * The database gets its final name only once every row is in, so a crash midway leaves nothing
 * that looks like a shop.
 */
export async function loadPgliteInto(server: EmbeddedServer, pgliteDir: string, name: string): Promise<TableCounts> {
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${IMPORT_DATABASE} with (force)`);
    await admin.query(`create database ${IMPORT_DATABASE}`);
    const migrated = openPostgres(server.url(IMPORT_DATABASE));
    await migrated.migrate();
    await migrated.close();
    const { openPgliteFiles, migratePglite } = await import('../pglite.ts');
    const source = await openPgliteFiles(pgliteDir);
    const target = new pg.Client({ connectionString: server.url(IMPORT_DATABASE) });
    await target.connect();
    let counts: TableCounts;
    try {
      await migratePglite(source);
      counts = await copyFromPglite(source, target);
    } finally {
      await target.end();
      await source.close();
    }
    await admin.query(`comment on database ${IMPORT_DATABASE} is '${IMPORTED_MARK}'`);
    await admin.query(`alter database ${IMPORT_DATABASE} rename to ${name}`);
    return counts;
  } finally {
    await admin.end();
  }
}

/**
 * Makes sure the shop's database exists. The first start on a DATA_DIR of an earlier version,
 * which holds a PGlite database in pgdata/, copies that database in and moves pgdata/ aside,
 * where it stays until the owner removes it.
 */
export async function prepareShopDatabase(
  server: EmbeddedServer,
  dataDir: string,
  log: ServerLog,
  now = new Date(),
): Promise<void> {
  const layout = dataDirLayout(dataDir);
  const hasPglite = existsSync(path.join(layout.pglite, 'PG_VERSION'));
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  let comment: string | null | undefined;
  try {
    const found = await admin.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [SHOP_DATABASE],
    );
    comment = found.rows[0] === undefined ? undefined : found.rows[0].comment;
    if (comment === undefined && !hasPglite) await admin.query(`create database ${SHOP_DATABASE}`);
  } finally {
    await admin.end();
  }
  if (!hasPglite) return;
  if (comment === undefined) {
    log.info({ from: layout.pglite }, 'copying the PGlite database of an earlier version into PostgreSQL');
    // The copy is migrated and read; the owner's own files stay exactly as the old version left them.
    const copy = mkdtempSync(path.join(dataDir, '.pglite-import-'));
    try {
      cpSync(layout.pglite, copy, { recursive: true });
      const counts = await loadPgliteInto(server, copy, SHOP_DATABASE);
      log.info({ tables: counts }, 'every table of the PGlite database is in PostgreSQL, row counts equal');
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
    comment = IMPORTED_MARK;
  }
  if (comment !== IMPORTED_MARK) {
    log.warn({ pgdata: layout.pglite }, 'DATA_DIR holds a PGlite database besides the shop; it was left as it is');
    return;
  }
  const aside = importedPgliteDir(dataDir, now);
  renameSync(layout.pglite, aside);
  fsyncPath(dataDir);
  log.warn(
    { keptAt: aside },
    `The shop now runs on PostgreSQL in ${layout.postgres}. The old PGlite files are kept in ${aside}: remove that folder once you no longer need it.`,
  );
}
