// A PostgreSQL primary and a real streaming standby of it, from the machine's own PostgreSQL
// binaries (Debian's postgresql package), on ports and folders of the run's own: the standby is made
// with pg_basebackup and replays the primary's WAL, as an operator's read replica does. The machine's
// shared server is never touched (its access rules allow no replication).
import { execFile, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** The newest installed PostgreSQL's bin folder that has pg_basebackup. */
export function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((name) => existsSync(path.join(base, name, 'bin', 'pg_basebackup')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error('no PostgreSQL server binaries (apt-get install -y postgresql)');
  return path.join(base, versions[0], 'bin');
}

/**
 * PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user Debian's
 * package made, in folders that user owns.
 */
function asServerUser(binary, args) {
  if (process.getuid?.() !== 0) return { command: binary, args };
  return { command: 'runuser', args: ['-u', 'postgres', '--', binary, ...args] };
}

function ownedByServerUser(dir) {
  mkdirSync(dir, { recursive: true });
  if (process.getuid?.() !== 0) return;
  const { uid, gid } = serverUser();
  chownSync(dir, uid, gid);
}

let cachedUser;
function serverUser() {
  if (!cachedUser) {
    const passwd = spawnSync('getent', ['passwd', 'postgres'], { encoding: 'utf8' }).stdout.split(':');
    if (passwd.length < 4)
      throw new Error('no postgres user to run PostgreSQL as (apt-get install -y postgresql makes it)');
    cachedUser = { uid: Number(passwd[2]), gid: Number(passwd[3]) };
  }
  return cachedUser;
}

/**
 * One server process on `port` with its data in `dataDir`; its log is kept in memory for errors.
 * @returns {{ stop(mode?: 'fast' | 'immediate'): Promise<void>, readonly isRunning: boolean }}
 */
function startServer(bin, { dataDir, port, socketDir, settings }) {
  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${socketDir}`,
    ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
  const { command, args: fullArgs } = asServerUser(path.join(bin, 'postgres'), args);
  const child = spawn(command, fullArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (chunk) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    child,
    logOf: () => output,
    exited,
    async stop(mode = 'fast') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // SIGINT: fast shutdown (sessions cut, clean stop); SIGQUIT: immediate, as a crash.
      const { command: ctl, args: ctlArgs } = asServerUser(path.join(bin, 'pg_ctl'), [
        'stop',
        '-D',
        dataDir,
        '-m',
        mode,
        '-w',
      ]);
      await run(ctl, ctlArgs).catch(() => child.kill('SIGINT'));
      await exited;
    },
    get isRunning() {
      return child.exitCode === null && child.signalCode === null;
    },
  };
}

async function waitForConnections(url, server, what) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
    }
    if (!server.isRunning) throw new Error(`${what} exited:\n${server.logOf()}`);
    if (Date.now() > deadline) throw new Error(`${what} did not accept connections:\n${server.logOf()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * @param {{ dir: string, primaryPort: number, standbyPort: number }} options
 * @returns {Promise<{ primaryUrl: string, standbyUrl: (database: string) => string, stopStandby(): Promise<void>, startStandby(): Promise<void>, stop(): Promise<void> }>}
 */
export async function startPostgresPair({ dir, primaryPort, standbyPort }) {
  const bin = findPostgresBin();
  const primaryDir = path.join(dir, 'primary');
  const standbyDir = path.join(dir, 'standby');
  const socketDir = path.join(dir, 'sockets');
  for (const folder of [dir, socketDir]) ownedByServerUser(folder);

  const initdb = asServerUser(path.join(bin, 'initdb'), [
    '-D',
    primaryDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
  ]);
  await run(initdb.command, initdb.args);
  // Durability is not under test here; replication is.
  const common = { fsync: 'off', full_page_writes: 'off', max_connections: '200', shared_buffers: '64MB' };
  const primary = startServer(bin, {
    dataDir: primaryDir,
    port: primaryPort,
    socketDir,
    settings: { ...common, wal_level: 'replica', max_wal_senders: '4', synchronous_commit: 'off' },
  });
  const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
  await waitForConnections(primaryUrl, primary, 'the primary');

  // initdb's access rules trust replication from 127.0.0.1; -R writes the standby's settings.
  const basebackup = asServerUser(path.join(bin, 'pg_basebackup'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    standbyDir,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
    '--no-sync',
  ]);
  await run(basebackup.command, basebackup.args);

  let standby;
  const standbyUrl = (database) => `postgres://postgres@127.0.0.1:${standbyPort}/${database}`;
  async function startStandby() {
    standby = startServer(bin, {
      dataDir: standbyDir,
      port: standbyPort,
      socketDir,
      settings: { ...common, hot_standby: 'on', hot_standby_feedback: 'on' },
    });
    await waitForConnections(standbyUrl('postgres'), standby, 'the standby');
  }
  await startStandby();

  return {
    primaryUrl,
    standbyUrl,
    startStandby,
    stopStandby: () => standby.stop('fast'),
    async stop() {
      await standby?.stop('immediate');
      await primary.stop('immediate');
    },
  };
}
