import type { PGlite } from '@electric-sql/pglite';
import { migrationsFolder } from './migrations-folder.ts';
import * as schema from './schema.ts';

/**
 * PGlite (PostgreSQL in WebAssembly) was the embedded database of earlier versions. It stays only
 * to read their files: the import on the first start and the restore of their backups
 * (docs/decisions/048). Its packages are imported here, when called, never at start: the server's
 * bundle would otherwise load them into every shop.
 */
export async function openPgliteFiles(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  const { PGlite: PGliteClass } = await import('@electric-sql/pglite');
  // The search's migration creates pg_trgm; PGlite ships it as a contrib module loaded on request.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return await PGliteClass.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
}

/** Brings an old PGlite database to this version's schema, as its own start would have. */
export async function migratePglite(client: PGlite): Promise<void> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const db = drizzle({ client, schema, casing: 'snake_case' });
  await migrate(db, { migrationsFolder: migrationsFolder() });
}
