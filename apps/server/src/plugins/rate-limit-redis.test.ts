import { randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES as M } from '@shopper/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../modules/auth/index.ts';
import { PASSWORD, signUp } from '../test/account-factory.ts';
import { createTestApp, RELAXED_RATE_LIMITS, type TestApp } from '../test/test-app.ts';

// Its own file: one app per file (one metrics registry per process). Needs Redis on 127.0.0.1:6379.
const REDIS_URL = 'redis://127.0.0.1:6379';
const nameSpace = `shopper-test-${randomBytes(6).toString('hex')}:`;
const limits = {
  ...RELAXED_RATE_LIMITS,
  loginFailuresPerAccountAndIp: { max: 2, windowMs: 60_000 },
  loginFailuresPerAccount: { max: 3, windowMs: 60_000 },
  loginSlowedAttemptsPerAccount: { max: 1, windowMs: 60_000 },
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

const login = (email: string, remoteAddress: string, password = 'Wrong-pass1!', cookies: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/users/login', remoteAddress, cookies, payload: { email, password } });

describe('login limits counted in Redis (REDIS_URL)', () => {
  it('locks a (account, address) pair, slows the account, lets its device in — all from Redis', async () => {
    const owner = await signUp(t.app);
    const device = (await login(owner.email, '10.20.0.1', PASSWORD)).cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(device).toBeDefined();

    expect((await login(owner.email, '10.20.1.1')).statusCode).toBe(401);
    expect((await login(owner.email, '10.20.1.1')).statusCode).toBe(401);
    const locked = await login(owner.email, '10.20.1.1', PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ success: false, code: 'RATE_LIMITED', message: M.tooManyRequests });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    // A third failure from elsewhere crosses the account's threshold; then one attempt a minute.
    expect((await login(owner.email, '10.20.2.1')).statusCode).toBe(401);
    expect((await login(owner.email, '10.20.2.2')).statusCode).toBe(401);
    expect((await login(owner.email, '10.20.2.3', PASSWORD)).statusCode).toBe(429);
    expect((await login(owner.email, '10.20.2.4', PASSWORD, { [DEVICE_COOKIE]: device!.value })).statusCode).toBe(200);

    const keys = await redis.keys(`${nameSpace}*`);
    for (const rule of ['loginFailuresPerAccount', 'loginFailuresPerAccountAndIp', 'loginSlowedAttemptsPerAccount']) {
      expect(
        keys.some((key) => key.startsWith(`${nameSpace}${rule}:`)),
        rule,
      ).toBe(true);
    }
    // No email address in the keys: the account part is hashed.
    expect(keys.some((key) => key.includes(owner.email))).toBe(false);

    // The state lives in Redis only: emptying it lets every address try again.
    await redis.del(...keys);
    expect((await login(owner.email, '10.20.1.1', PASSWORD)).statusCode).toBe(200);
  });
});
