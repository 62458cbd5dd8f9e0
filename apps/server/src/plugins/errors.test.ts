import Fastify from 'fastify';
import { MESSAGES } from '@shopper/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
