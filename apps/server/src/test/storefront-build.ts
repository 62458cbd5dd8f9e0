import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const webDir = fileURLToPath(new URL('../../../web', import.meta.url));
const contractDir = fileURLToPath(new URL('../../../../packages/contract', import.meta.url));
const cacheDir = path.join(webDir, 'node_modules', '.cache');

/** Every file the storefront build reads from this repository, in a stable order. */
function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.push(full);
    }
  };
  for (const dir of ['src', 'public', 'build']) walk(path.join(webDir, dir));
  walk(path.join(contractDir, 'src'));
  for (const file of ['index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'])
    files.push(path.join(webDir, file));
  files.push(path.join(contractDir, 'package.json'));
  return files.filter((file) => existsSync(file));
}

function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of sourceFiles()) hash.update(path.relative(webDir, file)).update('\0').update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

async function build(outDir: string): Promise<void> {
  const viteDir = path.dirname(createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json'));
  const vite = path.join(viteDir, 'bin', 'vite.js');
  const options = { cwd: webDir, env: { ...process.env, NODE_ENV: 'production' } };
  await run(process.execPath, [vite, 'build', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'], options);
  await run(
    process.execPath,
    [vite, 'build', '--logLevel', 'error', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(outDir, 'server')],
    options,
  );
}

/** Builds of earlier sources, left a day ago or more, go when a new one is made. */
function pruneOldBuilds(keep: string): void {
  for (const name of readdirSync(cacheDir)) {
    const full = path.join(cacheDir, name);
    if (full === keep || !/^ssr-(test|build)-/.test(name)) continue;
    if (Date.now() - statSync(full).mtimeMs > 86_400_000) rmSync(full, { recursive: true, force: true });
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The storefront (browser bundle and server entry) built from the current source: the
 * server-rendering tests check what this commit renders, never a stale dist/. The build is keyed
 * by a hash of its sources, so the test files of one run, and the PostgreSQL run after the PGlite
 * one, share one build; a folder lock keeps two workers from building it at once. It sits under
 * the web app's node_modules so the entry finds React and the router there. Treat it as read-only.
 */
export async function buildStorefront(): Promise<string> {
  mkdirSync(cacheDir, { recursive: true });
  const target = path.join(cacheDir, `ssr-test-${sourceHash()}`);
  const lock = `${target}.lock`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (existsSync(path.join(target, 'server'))) return target;
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another worker builds it; a lock left by a killed run is taken over after five minutes.
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 300_000)
        rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`Timed out waiting for the storefront build lock ${lock}`);
      await wait(500);
    }
  }
  try {
    if (existsSync(path.join(target, 'server'))) return target;
    const scratch = mkdtempSync(path.join(cacheDir, 'ssr-build-'));
    await build(scratch);
    renameSync(scratch, target);
    pruneOldBuilds(target);
    return target;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
