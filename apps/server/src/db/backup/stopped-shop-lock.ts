import { DataDirLockedError, lockDataDir } from '../data-dir-lock.ts';

/**
 * A restore replaces the database the shop runs on, so it takes DATA_DIR's lock like the shop
 * does, and when the shop holds it says plainly that the shop has to be stopped first (a backup
 * needs no such thing: it reads the running server). Returns the release function.
 */
export function lockStoppedShop(dataDir: string, command: 'restore'): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new Error(
      `The shop is running: ${dataDir} is in use (${error.holder}). A ${command} replaces the database the running ` +
        `shop uses. Stop the shop, run the ${command} again, then start the shop.`,
    );
  }
}
