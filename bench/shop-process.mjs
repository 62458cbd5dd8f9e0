// Starts and stops the processes a benchmark measures: the built shop on a fresh embedded database.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * Whose server build is measured: this checkout's, or another one's (BENCH_SHOP_DIR, e.g. a
 * checkout of an older commit), so two builds can be compared on one machine in one sitting. The
 * web app's build is always this checkout's.
 */
const shopRoot = process.env.BENCH_SHOP_DIR ? path.resolve(process.env.BENCH_SHOP_DIR) : root;

/** `stdout`: 'ignore', or a file the process's standard output is written to. */
export function startProcess(args, env, readyUrl, { stdout = 'ignore' } = {}) {
  const out = stdout === 'ignore' ? 'ignore' : openSync(stdout, 'a');
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', out, 'inherit'],
  });
  if (typeof out === 'number') closeSync(out);
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = async () => {
      try {
        const response = await fetch(readyUrl);
        if (response.ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) return reject(new Error(`${args.join(' ')} exited with ${child.exitCode}`));
      if (Date.now() > deadline) return reject(new Error(`${readyUrl} not ready within 60 s`));
      setTimeout(poll, 200);
    };
    void poll();
  });
}

/** SIGTERM, the graceful stop; resolves with the exit code. */
export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

/**
 * The production build of the shop with production settings, on a throwaway data folder (or
 * `dataDir`, one an earlier start seeded). Its log goes to `logFile` (default: shop.log in the
 * data folder), a real file as behind `npm start > shop.log`: writing to /dev/null would hide
 * what the log costs. `shopDir`: whose server build runs (default: BENCH_SHOP_DIR or this checkout).
 */
export async function startShop({ port, logLevel = 'info', dataDir, logFile, env: extraEnv = {}, shopDir = shopRoot }) {
  const ownsDataDir = !dataDir;
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'shopper-bench-'));
  const env = {
    PORT: String(port),
    DATA_DIR: dir,
    NODE_ENV: 'production',
    // Production refuses to start without a signing secret; the bench makes a throwaway one.
    JWT_SECRET: randomBytes(32).toString('hex'),
    // …and without a real card provider unless the test-mode one is asked for; the bench pays nothing.
    ALLOW_TEST_PAYMENTS: 'true',
    WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
    LOG_LEVEL: logLevel,
    HOST: '127.0.0.1',
    ...extraEnv,
  };
  // A production shop starts empty: the demo catalog is what the benchmarks read.
  if (ownsDataDir) {
    execFileSync(process.execPath, [path.join(shopDir, 'apps/server/dist/cli/admin.js'), 'seed-demo'], {
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
  }
  const log = logFile ?? path.join(dir, 'shop.log');
  const child = await startProcess(
    [path.join(shopDir, 'apps/server/dist/main.js')],
    env,
    `http://127.0.0.1:${port}/api/ready`,
    { stdout: log },
  );
  return {
    child,
    dataDir: dir,
    logFile: log,
    url: `http://127.0.0.1:${port}`,
    /** Stops the shop gracefully; `keepData` leaves the data folder for another start. */
    async stop({ keepData = false } = {}) {
      const code = await stop(child);
      if (ownsDataDir && !keepData) rmSync(dir, { recursive: true, force: true });
      return code;
    },
  };
}
