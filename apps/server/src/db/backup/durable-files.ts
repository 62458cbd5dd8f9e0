import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite never calls fsync, so nothing it writes is known to be on the disk. A backup file and
 * a restored data directory are what an owner counts on after a power cut: these helpers flush
 * them before they take their final name.
 */

export function fsyncPath(target: string): void {
  const fd = openSync(target, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Flushes every file and folder under `root`, folders after their contents. */
export function fsyncTree(root: string): void {
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const child = path.join(root, entry.name);
    if (entry.isDirectory()) fsyncTree(child);
    else if (entry.isFile()) fsyncPath(child);
  }
  fsyncPath(root);
}

/**
 * Writes `bytes` to `target` so that `target` is either absent, its previous content, or the
 * whole new content: written and flushed under a temporary name beside it, then renamed.
 */
export function writeFileDurably(target: string, bytes: Uint8Array, mode: number): void {
  const temporary = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(4).toString('hex')}.partial`,
  );
  const fd = openSync(temporary, 'wx', mode);
  try {
    try {
      let written = 0;
      while (written < bytes.length) written += writeSync(fd, bytes, written);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  fsyncPath(path.dirname(target));
}
