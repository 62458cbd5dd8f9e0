import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { findPostgresBinaries } from './binaries.ts';
import { postgresCommand } from './unprivileged.ts';

/** What the embedded server tells the shop's log. */
export type ServerLog = {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
};

export const quietLog: ServerLog = { info: () => {}, warn: () => {}, error: () => {} };

export type EmbeddedServerOptions = {
  /** The cluster's folder (PGDATA); created by initdb when it holds no cluster yet. */
  clusterDir: string;
  /** The generated password of the `shopper` role, one line, readable by the owner only. */
  passwordFile: string;
  /** PostgreSQL's own log lines are appended here. */
  logFile: string;
  /** false (tests only): no fsync, no full-page writes, no synchronous commit. */
  durable?: boolean;
  log?: ServerLog;
};

export const SUPERUSER = 'shopper';
const FIRST_RESTART_MS = 250;
const MAX_RESTART_MS = 8_000;
/** A server that ran this long before it died is restarted at once again next time. */
const HEALTHY_AFTER_MS = 30_000;
/** Crash recovery of a large write-ahead log can take long; a start that takes longer than this failed. */
const READY_TIMEOUT_MS = 300_000;

/** Reads the generated password, making one on the first start. */
export function loadOrCreatePassword(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('hex');
  writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return password;
}

export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function tailOf(file: string, bytes = 1500): string {
  try {
    const text = readFileSync(file, 'utf8');
    return text.slice(-bytes).trim();
  } catch {
    return '(no log)';
  }
}

/** The port of the postmaster that owns `clusterDir`, from its postmaster.pid, when one runs. */
export function runningPostmaster(clusterDir: string): { pid: number; port: number } | undefined {
  let lines: string[];
  try {
    lines = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return undefined;
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  // A pid reused by an unrelated process after a reboot is not ours to stop.
  if (process.platform === 'linux') {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres')) return undefined;
    } catch {
      return undefined;
    }
  }
  return { pid, port };
}

/** Creates the cluster in a folder beside `clusterDir` and renames it into place: never half made. */
function initCluster(clusterDir: string, passwordFile: string, durable: boolean): void {
  const binaries = findPostgresBinaries();
  const staging = `${clusterDir}.initdb-${randomBytes(3).toString('hex')}`;
  const args = [
    '-D',
    staging,
    '-U',
    SUPERUSER,
    `--pwfile=${passwordFile}`,
    '--auth=scram-sha-256',
    '--encoding=UTF8',
    // The built-in provider sorts and cases text the same on every machine, whatever locales the OS has.
    '--locale-provider=builtin',
    '--builtin-locale=C.UTF-8',
    '--no-locale',
    '--no-instructions',
    ...(durable ? [] : ['--no-sync']),
  ];
  const { command, args: line } = postgresCommand(binaries.initdb, args);
  const result = spawnSync(command, line, { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(
      `initdb could not create the embedded database in ${clusterDir}: ${result.error?.message ?? result.stderr.trim()}`,
    );
  }
  renameSync(staging, clusterDir);
}

/**
 * The embedded PostgreSQL server: a child process of the shop, listening on 127.0.0.1 only, on a
 * port chosen at start. A crash of it is answered by a restart with backoff on the same port,
 * so the shop's pool reconnects by itself; the shop dying stops it (see unprivileged.ts).
 */
export class EmbeddedServer {
  readonly clusterDir: string;
  readonly password: string;
  port = 0;
  private readonly options: Required<EmbeddedServerOptions>;
  private child: ChildProcess | undefined;
  private isStopping = false;
  private restartMs = FIRST_RESTART_MS;
  private restartTimer: NodeJS.Timeout | undefined;
  private startedAt = 0;

  constructor(options: EmbeddedServerOptions) {
    this.options = { durable: true, log: quietLog, ...options };
    this.clusterDir = options.clusterDir;
    if (!existsSync(path.join(this.clusterDir, 'PG_VERSION'))) {
      const password = loadOrCreatePassword(options.passwordFile);
      initCluster(this.clusterDir, options.passwordFile, this.options.durable);
      this.password = password;
    } else this.password = loadOrCreatePassword(options.passwordFile);
  }

  url(database = 'postgres'): string {
    return `postgres://${SUPERUSER}:${this.password}@127.0.0.1:${this.port}/${database}`;
  }

  /** The postgres process id, while one runs. */
  get pid(): number | undefined {
    return this.child?.exitCode === null ? this.child.pid : undefined;
  }

  async start(): Promise<void> {
    await this.stopOrphan();
    this.port = await freePort();
    await this.spawnAndWait();
  }

  /** A server left by a shop that died without its parent-death signal (not Linux): stopped, then started anew. */
  private async stopOrphan(): Promise<void> {
    const orphan = runningPostmaster(this.clusterDir);
    if (!orphan) return;
    this.options.log.warn({ pid: orphan.pid }, 'stopping the embedded PostgreSQL server an earlier run left behind');
    process.kill(orphan.pid, 'SIGINT');
    const deadline = Date.now() + 60_000;
    while (runningPostmaster(this.clusterDir) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  private serverArgs(): string[] {
    const durable = this.options.durable;
    const settings: Record<string, string> = {
      listen_addresses: '127.0.0.1',
      port: String(this.port),
      // No Unix socket: nothing else on the machine is meant to reach this server, and TCP works everywhere.
      unix_socket_directories: '',
      fsync: durable ? 'on' : 'off',
      full_page_writes: durable ? 'on' : 'off',
      synchronous_commit: durable ? 'on' : 'off',
      // After a crash, one syncfs of the file system instead of an fsync of every file of the
      // cluster before recovery starts: seconds less before the shop's database is back.
      ...(process.platform === 'linux' ? { recovery_init_sync_method: 'syncfs' } : {}),
      max_connections: durable ? '100' : '300',
      // The low-level backup API (npm run admin -- backup) keeps its WAL with a temporary slot.
      wal_level: 'replica',
    };
    return ['-D', this.clusterDir, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
  }

  private async spawnAndWait(): Promise<void> {
    const binaries = findPostgresBinaries();
    const { command, args } = postgresCommand(binaries.postgres, this.serverArgs(), { stopWithParent: true });
    const logFd = openSync(this.options.logFile, 'a', 0o600);
    let child: ChildProcess;
    try {
      child = spawn(command, args, { stdio: ['ignore', logFd, logFd] });
    } finally {
      closeSync(logFd);
    }
    this.child = child;
    this.startedAt = Date.now();
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.once('exit', (code, signal) => this.onExit(child, code, signal));
    await this.waitUntilReady(exited);
  }

  private async waitUntilReady(exited: Promise<number | null>): Promise<void> {
    let hasExited = false;
    void exited.then(() => {
      hasExited = true;
    });
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (!hasExited && Date.now() < deadline) {
      const client = new pg.Client({ connectionString: this.url(), connectionTimeoutMillis: 2_000 });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.end();
        return;
      } catch {
        await client.end().catch(() => undefined);
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 50))]);
      }
    }
    throw new Error(
      `The embedded PostgreSQL server in ${this.clusterDir} did not start. Its last log lines (${this.options.logFile}):\n${tailOf(this.options.logFile)}`,
    );
  }

  private onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child !== child || this.isStopping) return;
    this.child = undefined;
    if (Date.now() - this.startedAt > HEALTHY_AFTER_MS) this.restartMs = FIRST_RESTART_MS;
    const waitMs = this.restartMs;
    this.restartMs = Math.min(this.restartMs * 2, MAX_RESTART_MS);
    this.options.log.error(
      { code, signal, restartInMs: waitMs, logFile: this.options.logFile },
      'the embedded PostgreSQL server stopped unexpectedly; starting it again',
    );
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      this.spawnAndWait().then(
        () => this.options.log.info({ port: this.port }, 'the embedded PostgreSQL server is back'),
        (error: unknown) => {
          // A stop while it was coming back ends the wait too; that is no failure.
          if (!this.isStopping)
            this.options.log.error({ err: error }, 'the embedded PostgreSQL server did not come back');
        },
      );
    }, waitMs);
  }

  /** A fast shutdown: open transactions are rolled back, everything committed is on disk. */
  async stop(): Promise<void> {
    this.isStopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGINT');
    const slow = setTimeout(() => child.kill('SIGQUIT'), 60_000);
    await exited;
    clearTimeout(slow);
  }
}
