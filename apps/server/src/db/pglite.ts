import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from './migrations-folder.ts';
import * as schema from './schema.ts';

/**
 * PGlite (PostgreSQL in WebAssembly) was the embedded database of earlier versions. It stays only
 * to read their files: the import on the first start and the restore of their backups
 * (docs/decisions/048). Imported on demand, so the running shop never loads it.
 */
export async function openPgliteFiles(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  return await PGlite.create({ dataDir, loadDataDir });
}

/** Brings an old PGlite database to this version's schema, as its own start would have. */
export async function migratePglite(client: PGlite): Promise<void> {
  const db = drizzle({ client, schema, casing: 'snake_case' });
  await migrate(db, { migrationsFolder: migrationsFolder() });
}
