// One shop process of the cluster: the production build, started, stopped gently or killed.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForHttp } from './wait-for-http.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAIN = path.join(root, 'apps/server/dist/main.js');

/**
 * @param {{ name: string, port: number, env: Record<string, string>, logFile: string }} options
 */
export function createShopInstance({ name, port, env, logFile }) {
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  /** @type {Promise<number | null> | undefined} */
  let exited;
  const url = `http://127.0.0.1:${port}`;

  return {
    name,
    port,
    url,
    get pid() {
      return child?.pid;
    },
    get isRunning() {
      return child !== undefined && child.exitCode === null && child.signalCode === null;
    },
    /** Starts the process and resolves once /api/ready answers. */
    async start(extraEnv = {}) {
      const log = createWriteStream(logFile, { flags: 'a' });
      child = spawn(process.execPath, [MAIN], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', ...env, ...extraEnv, PORT: String(port), INSTANCE_NAME: name },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.pipe(log);
      child.stderr?.pipe(log);
      const current = child;
      exited = new Promise((resolve) => current.once('exit', (code) => resolve(code)));
      await waitForHttp(`${url}/api/ready`, { isDead: () => current.exitCode !== null, what: `instance ${name}` });
    },
    /** SIGTERM (drain, finish in-flight requests, exit) and wait; answers the exit code. */
    async stop() {
      if (!child || !this.isRunning) return exited ? await exited : null;
      child.kill('SIGTERM');
      return await exited;
    },
    /** kill -9: no drain, no goodbye, requests in flight are cut. */
    async kill() {
      if (!child || !this.isRunning) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}
