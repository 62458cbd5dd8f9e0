import { ACCOUNT_MESSAGES as M } from '@shopper/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp, uniqueEmail } from '../test/account-factory.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { RATE_LIMITS } from './rate-limit.ts';

const tooMany = { success: false, code: 'RATE_LIMITED', message: M.tooManyRequests };

describe('rate limits with the production values, counted in memory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { rateLimits: { limits: RATE_LIMITS } });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (email: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      remoteAddress,
      payload: { email, password: 'Wrong-pass1!' },
    });

  it('stops login attempts on one account after 10 in 15 minutes, from any address', async () => {
    const email = uniqueEmail('target');
    for (let i = 0; i < RATE_LIMITS.login.perAccount.max; i += 1) {
      expect((await login(email, `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const blocked = await login(email.toUpperCase(), '10.1.0.200');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(tooMany);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from a fresh address is unaffected.
    expect((await login(uniqueEmail('other'), '10.1.0.201')).statusCode).toBe(401);
  });

  it('stops one address after 30 login attempts, whatever the accounts', async () => {
    for (let i = 0; i < RATE_LIMITS.login.perIp.max; i += 1) {
      expect((await login(uniqueEmail(`spray${i}`), '10.2.0.1')).statusCode).toBe(401);
    }
    expect((await login(uniqueEmail('spray-last'), '10.2.0.1')).json()).toEqual(tooMany);
    expect((await login(uniqueEmail('spray-last'), '10.2.0.2')).statusCode).toBe(401);
  });

  it('limits forgot-password, request-verification and reset-password per account', async () => {
    const account = await signUp(t.app);
    const cases = [
      ['/api/users/forgot-password', { email: account.email }, RATE_LIMITS.forgotPassword.perAccount.max],
      ['/api/users/request-verification', { email: account.email }, RATE_LIMITS.requestVerification.perAccount.max],
      [
        '/api/users/reset-password',
        { token: 'same-forged-token-1234', password: 'Brand-new-pass2?' },
        RATE_LIMITS.resetPassword.perAccount.max,
      ],
    ] as const;
    for (const [url, payload, max] of cases) {
      for (let i = 0; i < max; i += 1) {
        const response = await t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.3.${i}.1` });
        expect(response.statusCode, url).not.toBe(429);
      }
      const blocked = await t.app.inject({ method: 'POST', url, payload, remoteAddress: '10.3.99.1' });
      expect(blocked.statusCode, url).toBe(429);
      expect(blocked.json()).toEqual(tooMany);
    }
  });

  it('limits signups per address', async () => {
    const signup = () => {
      const email = uniqueEmail('bulk');
      return t.app.inject({
        method: 'POST',
        url: '/api/users/signup',
        remoteAddress: '10.4.0.1',
        payload: { username: 'Bulk Buyer', email, password: PASSWORD, confirmPassword: PASSWORD },
      });
    };
    for (let i = 0; i < RATE_LIMITS.signup.perIp.max; i += 1) expect((await signup()).statusCode).toBe(201);
    expect((await signup()).json()).toEqual(tooMany);
  });
});
