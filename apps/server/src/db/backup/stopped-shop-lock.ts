import { DataDirLockedError, lockDataDir } from '../data-dir-lock.ts';

/**
 * PGlite is one process's database: another process reading its files while the server writes
 * them could copy a torn state, and replacing them under a running server loses what it writes
 * next. So a backup or restore takes DATA_DIR's lock like any opener, and when the shop holds it
 * says plainly that the shop has to be stopped. Returns the release function.
 */
export function lockStoppedShop(dataDir: string, command: 'backup' | 'restore'): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new Error(
      `The shop is running: ${dataDir} is in use (${error.holder}). The embedded database can be used by one process ` +
        `at a time, so a ${command} cannot safely ${command === 'backup' ? 'read it' : 'replace it'} while the server runs. ` +
        `Stop the shop, run the ${command} again, then start the shop.`,
    );
  }
}
