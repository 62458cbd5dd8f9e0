import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dataDirLayout } from '../data-dir-layout.ts';
import { openEmbeddedDatabase } from '../open-database.ts';
import { runningPostmaster, SUPERUSER } from './server.ts';

const SLOW = 120_000;
const root = mkdtempSync(path.join(tmpdir(), 'shopper-embedded-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await condition()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not within ${timeoutMs} ms`);
}

describe('the embedded PostgreSQL server', () => {
  it(
    'runs durable on 127.0.0.1 with a generated password, and comes back by itself after kill -9',
    async () => {
      const dataDir = path.join(root, 'durable');
      const database = await openEmbeddedDatabase(dataDir);
      try {
        const layout = dataDirLayout(dataDir);
        const password = readFileSync(layout.postgresPassword, 'utf8').trim();
        expect(password).toMatch(/^[0-9a-f]{48}$/);
        const client = new pg.Client({ connectionString: database.server.url('shopper') });
        await client.connect();
        const settings = await client.query<{ name: string; setting: string }>(
          `select name, setting from pg_settings
            where name in ('fsync', 'full_page_writes', 'synchronous_commit', 'listen_addresses', 'password_encryption')
            order by name`,
        );
        await client.end();
        expect(Object.fromEntries(settings.rows.map((row) => [row.name, row.setting]))).toEqual({
          fsync: 'on',
          full_page_writes: 'on',
          listen_addresses: '127.0.0.1',
          password_encryption: 'scram-sha-256',
          synchronous_commit: 'on',
        });
        const intruder = new pg.Client({
          connectionString: `postgres://${SUPERUSER}:wrong@127.0.0.1:${database.server.port}/shopper`,
        });
        intruder.on('error', () => {});
        await expect(intruder.connect()).rejects.toThrow(/password authentication failed/);

        const first = database.server.pid as number;
        process.kill(first, 'SIGKILL');
        await until(async () => {
          try {
            await database.ping();
            return true;
          } catch {
            return false;
          }
        }, 60_000);
        expect(database.server.pid).not.toBe(first);
        expect(runningPostmaster(layout.postgres)?.port).toBe(database.server.port);
      } finally {
        await database.close();
      }
      expect(runningPostmaster(dataDirLayout(dataDir).postgres)).toBeUndefined();
    },
    SLOW,
  );

  it(
    'stops when the shop process is killed with kill -9, and the next start takes the folder over',
    async () => {
      const dataDir = path.join(root, 'orphan');
      const serverDir = path.join(import.meta.dirname, '../../..');
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/test/embedded-server-fixture.ts', dataDir], {
        cwd: serverDir,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
      const postgresPid = Number(chunk.toString().trim());
      expect(isAlive(postgresPid)).toBe(true);
      child.kill('SIGKILL');
      await once(child, 'exit');
      const stoppedInMs = await until(() => !isAlive(postgresPid), 30_000);
      expect(stoppedInMs).toBeLessThan(30_000);

      const again = await openEmbeddedDatabase(dataDir);
      try {
        await again.ping();
      } finally {
        await again.close();
      }
    },
    SLOW,
  );
});
