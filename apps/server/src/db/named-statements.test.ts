import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.ts';
import type { DatabaseHandle } from './client.ts';
import { executeNamed, NAMED_STATEMENT_LIMIT, statementName } from './named-statements.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

describe('executeNamed', () => {
  it('prepares a statement once per connection and answers each call with its own parameters', async () => {
    const { answers, prepared } = await database.db.transaction(async (tx) => {
      // One transaction is one connection: the statements it prepared are visible from it.
      const answers = [];
      for (const value of [3, 4]) {
        answers.push(
          await executeNamed<{ doubled: number }>(tx, 'named_test', sql`select ${value}::int * 2 as doubled`),
        );
      }
      const prepared = await executeNamed<{ name: string }>(
        tx,
        'probe',
        sql`select name from pg_prepared_statements where name like 'named_test_%'`,
      );
      return { answers, prepared };
    });
    expect(answers).toEqual([[{ doubled: 6 }], [{ doubled: 8 }]]);
    expect(prepared).toHaveLength(1);
  });
});

describe('statementName', () => {
  it('names the same text alike, and stops naming new texts past the limit', () => {
    const first = statementName('select 1', 'limit_test');
    expect(first).toMatch(/^limit_test_[0-9a-f]{20}$/);
    expect(statementName('select 1', 'limit_test')).toBe(first);
    for (let index = 0; index < NAMED_STATEMENT_LIMIT; index += 1) statementName(`select ${index + 2}`, 'limit_test');
    expect(statementName('select -1', 'limit_test')).toBeUndefined();
    // A statement named before the limit keeps its name: connections may hold it prepared already.
    expect(statementName('select 1', 'limit_test')).toBe(first);
  });
});
