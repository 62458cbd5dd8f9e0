import type { Config } from '../config.ts';
import type { DatabaseHandle } from './client.ts';
import { openPglite, openPostgres } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { dataDirLayout } from './data-dir-layout.ts';

/** PostgreSQL when DATABASE_URL is set; otherwise the embedded PGlite under DATA_DIR, locked. */
export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const release = lockDataDir(config.dataDir);
  try {
    const handle = await openPglite(dataDirLayout(config.dataDir).pgdata);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
