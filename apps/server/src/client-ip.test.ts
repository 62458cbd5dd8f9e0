import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';
import { sessions } from './db/schema.ts';
import { PASSWORD, signUp, uniqueEmail } from './test/account-factory.ts';
import { createTestApp, RELAXED_RATE_LIMITS, type TestApp } from './test/test-app.ts';

// Decision 011: with trustProxy: true the left-most X-Forwarded-For entry was the client IP,
// so rotating it walked past every per-IP limit (40 attempts, never a 429).
const PER_IP = 5;
const limits = {
  ...RELAXED_RATE_LIMITS,
  loginFailuresPerIp: { max: PER_IP, windowMs: 60_000 },
};
const PROXY = '10.0.0.2';

let direct: TestApp;
let behindOneProxy: TestApp;
let behindNamedProxy: TestApp;

beforeAll(async () => {
  direct = await createTestApp({ NODE_ENV: 'production' }, { rateLimits: { limits } });
  behindOneProxy = await createTestApp({ NODE_ENV: 'production', TRUST_PROXY: '1' }, { rateLimits: { limits } });
  behindNamedProxy = await createTestApp(
    { NODE_ENV: 'production', TRUST_PROXY: '10.0.0.0/24, 192.0.2.1' },
    { rateLimits: { limits } },
  );
});
afterAll(async () => {
  await direct.close();
  await behindOneProxy.close();
  await behindNamedProxy.close();
});

const wrongLogin = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { email: uniqueEmail('spray'), password: 'Wrong-pass1!' },
  });

async function sessionIpOfLogin(t: TestApp, remoteAddress: string, forwardedFor: string): Promise<string | undefined> {
  const account = await signUp(t.app);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: account.email, password: PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  const rows = await t.database.db
    .select({ ip: sessions.ip })
    .from(sessions)
    .where(eq(sessions.userId, account.userId));
  return rows.find((row) => row.ip !== '127.0.0.1')?.ip;
}

describe('the client IP behind proxies (TRUST_PROXY)', () => {
  it('without TRUST_PROXY, a rotating X-Forwarded-For does not get past a per-IP limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      statuses.push((await wrongLogin(direct, '198.51.100.20', `203.0.113.${i}`)).statusCode);
    }
    expect(statuses.slice(0, PER_IP)).toEqual(Array(PER_IP).fill(401));
    expect(statuses.slice(PER_IP)).toEqual(Array(40 - PER_IP).fill(429));
    expect(await sessionIpOfLogin(direct, '198.51.100.21', '203.0.113.77')).toBe('198.51.100.21');
  });

  it('with TRUST_PROXY=1, the address the proxy saw is the client: spoofed entries to its left are ignored', async () => {
    // The attacker sends X-Forwarded-For itself; the proxy appends the address it really saw.
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      statuses.push((await wrongLogin(behindOneProxy, PROXY, `203.0.113.${i}, 198.51.100.30`)).statusCode);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(PER_IP);
    expect(statuses.slice(PER_IP).every((status) => status === 429)).toBe(true);
    // Another customer behind the same proxy is not the attacker.
    expect((await wrongLogin(behindOneProxy, PROXY, '198.51.100.31')).statusCode).toBe(401);
    expect(await sessionIpOfLogin(behindOneProxy, PROXY, 'spoofed, 198.51.100.32')).toBe('198.51.100.32');
  });

  it('with a list of proxies, only those may forward; anyone else is its own client', async () => {
    expect(await sessionIpOfLogin(behindNamedProxy, '10.0.0.7', '198.51.100.40')).toBe('198.51.100.40');
    expect(await sessionIpOfLogin(behindNamedProxy, '192.0.2.1', '198.51.100.41')).toBe('198.51.100.41');
    expect(await sessionIpOfLogin(behindNamedProxy, '198.51.100.42', '203.0.113.9')).toBe('198.51.100.42');
  });
});

describe('TRUST_PROXY settings', () => {
  it('reads nothing, a hop count, or proxy addresses and CIDR blocks', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(readConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,loopback' }).trustProxy).toEqual({
      proxies: ['10.0.0.1', '10.1.0.0/16', '::1', 'loopback'],
    });
  });

  it.each(['true', 'yes', '10.0.0.300', '10.0.0.0/33', '10.0.0.1,,10.0.0.2', '-1'])('refuses %s', (value) => {
    expect(() => readConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: a hop count/);
  });
});
