import { randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES as M } from '@shopper/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../test/account-factory.ts';
import { createTestApp, RELAXED_RATE_LIMITS, type TestApp } from '../test/test-app.ts';

// Its own file: one app per file (one metrics registry per process). Needs Redis on 127.0.0.1:6379.
const REDIS_URL = 'redis://127.0.0.1:6379';
const nameSpace = `shopper-test-${randomBytes(6).toString('hex')}:`;
const limits = {
  ...RELAXED_RATE_LIMITS,
  login: { perIp: { max: 50, windowMs: 60_000 }, perAccount: { max: 2, windowMs: 60_000 } },
};

let t: TestApp;
const redis = new Redis(REDIS_URL);

beforeAll(async () => {
  t = await createTestApp({ REDIS_URL }, { rateLimits: { limits, nameSpace } });
});
afterAll(async () => {
  await t.close();
  const keys = await redis.keys(`${nameSpace}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

describe('rate limits counted in Redis (REDIS_URL)', () => {
  it('keeps the counters in Redis under the configured prefix', async () => {
    const email = uniqueEmail('redis');
    const login = () =>
      t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password: 'Wrong-pass1!' } });
    expect((await login()).statusCode).toBe(401);
    expect((await login()).statusCode).toBe(401);
    const blocked = await login();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ success: false, code: 'RATE_LIMITED', message: M.tooManyRequests });

    const keys = await redis.keys(`${nameSpace}*`);
    expect(keys.some((key) => key.includes('login:account:'))).toBe(true);
    // No email address in the keys: the account part is hashed.
    expect(keys.some((key) => key.includes(email))).toBe(false);

    // The state lives in Redis only: emptying it lets the account try again.
    await redis.del(...keys);
    expect((await login()).statusCode).toBe(401);
  });
});
