import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.ts';
import { openTestDatabase, testServerUrl } from '../test/test-app.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

describe('a PostgreSQL connection lost in the middle of a transaction', () => {
  let database: DatabaseHandle;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await openTestDatabase();
    admin = new pg.Client({ connectionString: testServerUrl() });
    await admin.connect();
  });

  afterAll(async () => {
    await admin?.end();
    await database?.close();
  });

  it('fails that transaction only: the process lives on and the next query gets a new connection', async () => {
    const transaction = database.db.transaction(async (tx) => {
      const [row] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
      const pid = row?.pid;
      // Cut between two queries, as a database restart does: the client is checked out, not idle.
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`select 1`);
    });
    await expect(transaction).rejects.toThrow();
    // Vitest fails the file on an uncaught 'error' event; in production it ended the process.
    await database.ping();
    const [answer] = rowsOf<{ n: number }>(await database.db.execute(sql`select 41 + 1 as n`));
    expect(answer?.n).toBe(42);
  });
});
