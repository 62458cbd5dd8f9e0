import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {
  readonly dataDir: string;
  /** Who holds the lock, e.g. `pid 123 on shop-host`. */
  readonly holder: string;

  constructor(dataDir: string, holder: string) {
    super(
      `The data directory ${dataDir} is in use by another SHOPPER process (${holder}). ` +
        'The embedded database allows one process at a time: stop the other server first, ' +
        'or set DATA_DIR to another folder.',
    );
    this.name = 'DataDirLockedError';
    this.dataDir = dataDir;
    this.holder = holder;
  }
}

type LockOwner = { pid: number; host: string };

/** Lock files this process holds, to tell its own live lock from one left by an earlier run with the same pid. */
const heldByThisProcess = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string'
      ? { pid: owner.pid, host: owner.host }
      : undefined;
  } catch {
    return undefined;
  }
}

/** A lock is stale when its process is gone; a lock from another host is never judged from here. */
function isStale(file: string, owner: LockOwner | undefined): boolean {
  if (!owner) return true;
  if (owner.host !== hostname()) return false;
  if (owner.pid === process.pid) return !heldByThisProcess.has(file);
  return !isAlive(owner.pid);
}

/**
 * PGlite opened twice on one directory silently loses committed writes, so every process that
 * opens the embedded database holds this lock first. The lock names its owner's pid, so a crash
 * never locks the shop out (a time-based lock would expire while PGlite's start-up blocks the
 * event loop). Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, '.shopper.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }));
      closeSync(fd);
      heldByThisProcess.add(file);
      const release = () => {
        process.off('exit', release);
        if (!heldByThisProcess.delete(file)) return;
        try {
          unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(file);
      if (!isStale(file, owner)) {
        throw new DataDirLockedError(dataDir, owner ? `pid ${owner.pid} on ${owner.host}` : 'unknown owner');
      }
      unlinkSync(file);
    }
  }
  throw new DataDirLockedError(dataDir, 'another process took it first');
}
