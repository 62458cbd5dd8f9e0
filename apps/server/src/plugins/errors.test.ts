import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { MESSAGES } from '@shopper/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../lib/logger.ts';
import { installErrorHandling } from './errors.ts';

/** A database that went away mid-query, as node-postgres and Drizzle report it. */
function lostConnection(): Error {
  const driver = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  return new Error('Failed query: select 1', { cause: driver });
}

describe('the error handler', () => {
  const app = Fastify({ logger: false });

  beforeAll(async () => {
    installErrorHandling(app);
    app.get('/database-away', () => {
      throw lostConnection();
    });
    app.get('/bug', () => {
      throw new TypeError("Cannot read properties of undefined (reading 'id')");
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers a database out of reach with 503 UNAVAILABLE and when to come back', async () => {
    const answer = await app.inject({ url: '/database-away' });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json()).toEqual({ success: false, code: 'UNAVAILABLE', message: MESSAGES.unavailable });
  });

  it('answers a bug with 500 INTERNAL and no detail', async () => {
    const answer = await app.inject({ url: '/bug' });
    expect(answer.statusCode).toBe(500);
    expect(answer.headers['retry-after']).toBeUndefined();
    expect(answer.json()).toEqual({ success: false, code: 'INTERNAL', message: MESSAGES.unexpected });
  });
});

describe('the log of a failed SQL statement', () => {
  it('names the statement and how many parameters it had, never their values', async () => {
    const lines: string[] = [];
    const logged = Fastify({
      logger: {
        ...loggerOptions({ logLevel: 'info', instanceName: 'errors-test' }),
        stream: { write: (line: string) => lines.push(line) },
      },
    });
    installErrorHandling(logged);
    const statement = 'insert into "users" ("email", "address_street") values ($1, $2)';
    logged.get('/failed-insert', () => {
      const driver = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
        code: '23505',
        constraint: 'users_email_unique',
        detail: 'Key (email)=(ada@example.com) already exists.',
      });
      throw new DrizzleQueryError(statement, ['ada@example.com', '12 Secret Street\nparams: none'], driver);
    });
    const answer = await logged.inject({ url: '/failed-insert' });
    await logged.close();
    expect(answer.statusCode).toBe(500);

    const text = lines.join('');
    expect(text).not.toContain('ada@example.com');
    expect(text).not.toContain('Secret Street');
    const errors = lines
      .map((line) => JSON.parse(line) as { err?: Record<string, unknown> })
      .filter((line) => line.err);
    expect(errors.length).toBeGreaterThan(0);
    for (const { err } of errors) {
      expect(err).toMatchObject({ message: `Failed query: ${statement}`, query: statement, paramCount: 2 });
      expect(err?.cause).toMatchObject({ code: '23505', constraint: 'users_email_unique' });
      expect(String(err?.stack)).toContain('at ');
    }
  });
});
