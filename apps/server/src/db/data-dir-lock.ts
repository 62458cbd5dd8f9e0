import { mkdirSync } from 'node:fs';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `The data directory ${dataDir} is in use by another SHOPPER process. ` +
        'The embedded database allows one process at a time: stop the other server first, ' +
        'or set DATA_DIR to another folder.',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * PGlite opened twice on one directory silently loses committed writes, so every process that
 * opens the embedded database holds this lock first. Returns the release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: `${dataDir}/.shopper.lock`,
      // A crashed process leaves a stale lock; proper-lockfile refreshes a live one every few seconds.
      stale: 15_000,
      update: 5_000,
      realpath: false,
    });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw error;
  }
}
