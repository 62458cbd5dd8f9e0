import { ACCOUNT_MESSAGES as M } from '@shopper/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../modules/auth/index.ts';
import { insertProducts } from '../db/seed/seed-catalog.ts';
import { authHeader, logIn, markVerified, PASSWORD, signUp, uniqueEmail } from '../test/account-factory.ts';
import { buildProduct } from '../test/product-factory.ts';
import { createTestApp, RELAXED_RATE_LIMITS, type TestApp } from '../test/test-app.ts';
import { RATE_LIMITS } from './rate-limit.ts';

const tooMany = { success: false, code: 'RATE_LIMITED', message: M.tooManyRequests };
const WRONG = 'Wrong-pass1!';

function expectTooMany(response: LightMyRequestResponse, maxSeconds: number) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual(tooMany);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

const deviceCookieOf = (response: LightMyRequestResponse) =>
  response.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)?.value;

describe('rate limits with the production values, counted in memory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { rateLimits: { limits: RATE_LIMITS } });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (email: string, remoteAddress: string, password = WRONG, cookies: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/users/login', remoteAddress, cookies, payload: { email, password } });

  it('a stranger’s wrong passwords lock only the stranger out, never the owner (decision 012)', async () => {
    const owner = await signUp(t.app);
    const max = RATE_LIMITS.loginFailuresPerAccountAndIp.max;
    for (let i = 0; i < max; i += 1) expect((await login(owner.email, '10.1.0.66')).statusCode).toBe(401);
    expectTooMany(await login(owner.email.toUpperCase(), '10.1.0.66', PASSWORD), 15 * 60);
    // Before the fix the right password got 429 here too, for anyone who knew the email.
    expect((await login(owner.email, '10.1.0.77', PASSWORD)).statusCode).toBe(200);
  });

  it('slows an account attacked from many addresses to one attempt in two minutes, and lets its devices in', async () => {
    const owner = await signUp(t.app);
    const device = deviceCookieOf(await login(owner.email, '10.2.0.1', PASSWORD));
    expect(device).toBeDefined();
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerAccount.max; i += 1) {
      expect((await login(owner.email, `10.2.1.${i}`)).statusCode).toBe(401);
    }
    // Slowed: the next attempt is let through, the ones after it wait for the next slot.
    expect((await login(owner.email, '10.2.2.1')).statusCode).toBe(401);
    expectTooMany(await login(owner.email, '10.2.2.2'), 120);
    expectTooMany(await login(owner.email, '10.2.2.3', PASSWORD), 120);
    // The owner's browser, which signed in before, is not slowed.
    const known = await login(owner.email, '10.2.2.4', PASSWORD, { [DEVICE_COOKIE]: device! });
    expect(known.statusCode).toBe(200);
    // Another account's device cookie, or a forged one, earns nothing.
    const other = await signUp(t.app);
    const otherDevice = deviceCookieOf(await login(other.email, '10.2.0.9', PASSWORD));
    for (const cookie of [otherDevice!, `${device!.slice(0, -4)}AAAA`, 'garbage']) {
      expectTooMany(await login(owner.email, '10.2.2.5', PASSWORD, { [DEVICE_COOKIE]: cookie }), 120);
    }
  });

  it('sets the device cookie httpOnly, SameSite=Strict, only for the login call', async () => {
    const account = await signUp(t.app);
    const response = await login(account.email, '10.3.0.1', PASSWORD);
    const cookie = response.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/users/login', secure: true });
    expect(cookie?.maxAge).toBe(180 * 24 * 60 * 60);
    // A logout keeps it: it proves the browser signed in before, not that it is signed in.
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: authHeader(response.json().accessToken),
    });
    expect(out.cookies.find((c) => c.name === DEVICE_COOKIE)).toBeUndefined();
  });

  it('brakes one address after 100 failed logins in an hour, whatever the accounts; successes do not count', async () => {
    const regular = await signUp(t.app);
    for (let i = 0; i < 5; i += 1) expect((await login(regular.email, '10.4.0.1', PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerIp.max; i += 1) {
      expect((await login(uniqueEmail(`spray${i}`), '10.4.0.1')).statusCode).toBe(401);
    }
    expectTooMany(await login(uniqueEmail('spray-last'), '10.4.0.1'), 60 * 60);
    expect((await login(uniqueEmail('spray-last'), '10.4.0.2')).statusCode).toBe(401);
  });

  it('limits forgot-password, request-verification and reset-password per account', async () => {
    const account = await signUp(t.app);
    const cases = [
      ['/api/users/forgot-password', { email: account.email }, RATE_LIMITS.forgotPasswordPerAccount.max],
      ['/api/users/request-verification', { email: account.email }, RATE_LIMITS.requestVerificationPerAccount.max],
      [
        '/api/users/reset-password',
        { token: 'same-forged-token-1234', password: 'Brand-new-pass2?' },
        RATE_LIMITS.resetPasswordPerAccount.max,
      ],
    ] as const;
    for (const [url, payload, max] of cases) {
      for (let i = 0; i < max; i += 1) {
        const response = await t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.5.${i}.1` });
        expect(response.statusCode, url).not.toBe(429);
      }
      expectTooMany(await t.app.inject({ method: 'POST', url, payload, remoteAddress: '10.5.99.1' }), 15 * 60);
    }
  });

  it('lets 50 signups an hour come from one address (a campus or an office), then brakes', async () => {
    const signup = () => {
      const email = uniqueEmail('bulk');
      return t.app.inject({
        method: 'POST',
        url: '/api/users/signup',
        remoteAddress: '10.6.0.1',
        payload: { username: 'Bulk Buyer', email, password: PASSWORD, confirmPassword: PASSWORD },
      });
    };
    for (let i = 0; i < RATE_LIMITS.signupPerIp.max; i += 1) expect((await signup()).statusCode).toBe(201);
    expectTooMany(await signup(), 60 * 60);
  });
});

describe('review writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { rateLimits: { limits: RATE_LIMITS } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets one customer write or edit 10 reviews an hour, then 429', async () => {
    const [product] = (await insertProducts(t.database.db, [buildProduct()])) as [string];
    const customer = await signUp(t.app);
    await markVerified(t.database, customer.userId);
    const write = (rating: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/reviews/products/${product}`,
        headers: authHeader(customer.accessToken),
        payload: { rating, content: `Edit number ${rating} of my thoughts on this piece.` },
      });
    for (let i = 0; i < RATE_LIMITS.reviewWritesPerUser.max; i += 1) {
      expect((await write((i % 5) + 1)).statusCode).toBeLessThan(300);
    }
    expectTooMany(await write(5), 60 * 60);
  });
});

describe('wrong passwords of a signed-in user (decision 012)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { rateLimits: { limits: RATE_LIMITS } });
  });
  afterAll(async () => {
    await t.close();
  });

  const changePassword = (accessToken: string, currentPassword: string, remoteAddress = '10.7.0.1') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/users/change-password',
      remoteAddress,
      headers: authHeader(accessToken),
      payload: { currentPassword, newPassword: 'Brand-new-pass2?', newPasswordConfirm: 'Brand-new-pass2?' },
    });
  const disable = (accessToken: string, password: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/users/disable-account',
      remoteAddress: '10.7.0.2',
      headers: authHeader(accessToken),
      payload: { password },
    });

  it('a stolen access token is no password oracle: 40 fast guesses end its session after 5', async () => {
    const victim = await signUp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1)
      statuses.push((await changePassword(victim.accessToken, `Guess-${i}-pass!`)).statusCode);
    const max = RATE_LIMITS.passwordCheckFailuresPerSession.max;
    expect(statuses.slice(0, max - 1)).toEqual(Array(max - 1).fill(400));
    expect(statuses.slice(max - 1)).toEqual(Array(40 - max + 1).fill(401));
    const me = await t.app.inject({ url: '/api/users/me', headers: authHeader(victim.accessToken) });
    expect(me.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: M.sessionExpired });
    // The password is unchanged and the owner logs in as before.
    await logIn(t.app, victim.email, PASSWORD);
  });

  it('answers the revoking guess with 401 on disable-account too, and the account stays open', async () => {
    const victim = await signUp(t.app);
    for (let i = 1; i < RATE_LIMITS.passwordCheckFailuresPerSession.max; i += 1) {
      expect((await disable(victim.accessToken, WRONG)).json().errors).toEqual([
        { param: 'password', msg: M.passwordIncorrect },
      ]);
    }
    const last = await disable(victim.accessToken, WRONG);
    expect(last.statusCode).toBe(401);
    expect(last.json()).toEqual({ success: false, code: 'UNAUTHENTICATED', message: M.sessionExpired });
    expect((await disable(victim.accessToken, PASSWORD)).statusCode).toBe(401);
    await logIn(t.app, victim.email, PASSWORD);
  });

  it('limits one user’s wrong passwords across sessions: then even the right one waits (429)', async () => {
    const owner = await signUp(t.app);
    const sessionsNeeded =
      RATE_LIMITS.passwordCheckFailuresPerUser.max / RATE_LIMITS.passwordCheckFailuresPerSession.max;
    for (let s = 0; s < sessionsNeeded; s += 1) {
      const session = await logIn(t.app, owner.email, PASSWORD);
      for (let i = 0; i < RATE_LIMITS.passwordCheckFailuresPerSession.max; i += 1) {
        await changePassword(session.accessToken, WRONG, `10.8.${s}.${i}`);
      }
    }
    expectTooMany(await changePassword(owner.accessToken, PASSWORD, '10.8.9.9'), 60 * 60);
  });

  it('limits wrong passwords per address, whoever the users', async () => {
    const max = RATE_LIMITS.passwordCheckFailuresPerIp.max;
    for (let i = 0; i < max; i += 1) {
      const account = await signUp(t.app);
      expect((await changePassword(account.accessToken, WRONG, '10.9.0.1')).statusCode).toBe(400);
    }
    const next = await signUp(t.app);
    expectTooMany(await changePassword(next.accessToken, PASSWORD, '10.9.0.1'), 15 * 60);
    expect((await changePassword(next.accessToken, PASSWORD, '10.9.0.2')).statusCode).toBe(200);
  });
});

describe('RATE_LIMIT_ALLOWLIST', () => {
  let t: TestApp;
  const limits = { ...RELAXED_RATE_LIMITS, loginFailuresPerIp: { max: 3, windowMs: 60_000 } };
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ALLOWLIST: '198.51.100.0/24, 2001:db8::1' }, { rateLimits: { limits } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('exempts listed addresses from the per-IP limits only', async () => {
    const spray = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        remoteAddress,
        payload: { email: uniqueEmail('campus'), password: WRONG },
      });
    for (const address of ['198.51.100.7', '2001:db8::1']) {
      for (let i = 0; i < 10; i += 1) expect((await spray(address)).statusCode, address).toBe(401);
    }
    for (let i = 0; i < 3; i += 1) expect((await spray('203.0.113.5')).statusCode).toBe(401);
    expectTooMany(await spray('203.0.113.5'), 60);
  });
});
