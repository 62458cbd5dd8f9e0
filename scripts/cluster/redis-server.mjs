// A redis-server of the run's own, on a port of its own: the fault drills stop and start it, which
// must never touch the machine's Redis that other programs share.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { Redis } from 'ioredis';

const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'];

/**
 * @param {{ port: number, dir: string }} options dir: its working folder (it writes nothing there:
 *   no snapshots, no append-only file, so a restart starts empty, as a Redis without persistence does)
 * @returns {Promise<{ url: string, port: number, readonly isRunning: boolean, start(): Promise<void>, stop(): Promise<void> }>}
 */
export async function startRedisServer({ port, dir }) {
  const binary = REDIS_SERVER.find((candidate) => existsSync(candidate));
  if (!binary) throw new Error('redis-server is not installed (apt-get install -y redis-server)');
  mkdirSync(dir, { recursive: true });
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  /** @type {Promise<unknown> | undefined} */
  let exited;
  const url = `redis://127.0.0.1:${port}`;

  async function start() {
    let output = '';
    const current = spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = current;
    current.stdout?.on('data', (chunk) => (output += chunk.toString()));
    current.stderr?.on('data', (chunk) => (output += chunk.toString()));
    exited = new Promise((resolve) => current.once('exit', resolve));
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    // Refused until the server listens: the loop below asks again.
    probe.on('error', () => undefined);
    const deadline = Date.now() + 10_000;
    try {
      for (;;) {
        if (current.exitCode !== null) throw new Error(`redis-server on ${port} exited:\n${output}`);
        try {
          await probe.connect();
          await probe.ping();
          return;
        } catch {
          probe.disconnect();
        }
        if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not answer:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      probe.disconnect();
    }
  }

  await start();
  return {
    url,
    port,
    get isRunning() {
      return child !== undefined && child.exitCode === null && child.signalCode === null;
    },
    start,
    /** SIGKILL: the server goes away at once, as a crashed or unplugged one does. */
    async stop() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}
