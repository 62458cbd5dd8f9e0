// Starts and stops the processes a benchmark measures: the built shop on a fresh embedded database.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

export function startProcess(args, env, readyUrl) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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

export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The production build of the shop with production settings, on a throwaway data folder. */
export async function startShop({ port, logLevel = 'info' }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shopper-bench-'));
  const env = {
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    // Production refuses to start without a signing secret; the bench makes a throwaway one.
    JWT_SECRET: randomBytes(32).toString('hex'),
    // …and without a real card provider unless the test-mode one is asked for; the bench pays nothing.
    ALLOW_TEST_PAYMENTS: 'true',
    WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
    LOG_LEVEL: logLevel,
    HOST: '127.0.0.1',
  };
  // A production shop starts empty: the demo catalog is what the benchmarks read.
  execFileSync(process.execPath, [path.join(root, 'apps/server/dist/cli/admin.js'), 'seed-demo'], {
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  const child = await startProcess(
    [path.join(root, 'apps/server/dist/main.js')],
    env,
    `http://127.0.0.1:${port}/api/ready`,
  );
  return {
    child,
    dataDir,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await stop(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
