import { ACCOUNT_MESSAGES as M } from '@shopper/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, refreshCookieOf, signUp } from '../../test/account-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { REFRESH_COOKIE } from '../../plugins/refresh-cookie.ts';

// Decision 011: a shop started from the README exposed GET /api/dev/mailbox to the network, so
// anyone could request a password reset for any account, read the link there and take it over.
const ATTACKER = '203.0.113.9';
const resetLinkPattern = /\/reset-password\/([\w-]+)/;

let shop: TestApp;
let demo: TestApp;

beforeAll(async () => {
  shop = await createTestApp({ NODE_ENV: 'development' });
  demo = await createTestApp({ DEMO: 'true' });
});
afterAll(async () => {
  await shop.close();
  await demo.close();
});

async function tryTakeover(t: TestApp, headers: Record<string, string> = {}) {
  const victim = await signUp(t.app);
  const forgot = await t.app.inject({
    method: 'POST',
    url: '/api/users/forgot-password',
    remoteAddress: ATTACKER,
    payload: { email: victim.email },
  });
  expect(forgot.statusCode).toBe(200);
  const mailbox = await t.app.inject({
    url: `/api/dev/mailbox?to=${encodeURIComponent(victim.email)}`,
    remoteAddress: ATTACKER,
    headers,
  });
  return { victim, mailbox };
}

describe('the dev mailbox is not an account takeover', () => {
  it('is not served at all by a shop without DEMO, even to this machine', async () => {
    const { mailbox } = await tryTakeover(shop);
    expect(mailbox.statusCode).toBe(404);
    expect(mailbox.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(mailbox.body).not.toMatch(resetLinkPattern);
    expect((await shop.app.inject({ url: '/api/dev/mailbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
  });

  it('answers a demo shop’s mailbox to another machine with 404, whatever headers it sends', async () => {
    const spoofs: Record<string, string>[] = [{}, { 'x-forwarded-for': '127.0.0.1' }, { host: 'localhost' }];
    for (const headers of spoofs) {
      const { victim, mailbox } = await tryTakeover(demo, headers);
      expect(mailbox.statusCode).toBe(404);
      expect(mailbox.json()).toEqual({
        success: false,
        code: 'NOT_FOUND',
        message: 'Route GET /api/dev/mailbox not found',
      });
      expect(mailbox.body).not.toMatch(resetLinkPattern);
      // The victim's password still works.
      const login = await demo.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: victim.email, password: PASSWORD },
      });
      expect(login.statusCode).toBe(200);
    }
  });

  it('shows a demo shop’s mail to clients on this machine (IPv4, IPv6, IPv4-mapped)', async () => {
    const victim = await signUp(demo.app);
    for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const response = await demo.app.inject({
        url: `/api/dev/mailbox?to=${encodeURIComponent(victim.email)}`,
        remoteAddress,
      });
      expect(response.statusCode, remoteAddress).toBe(200);
      expect(response.json().messages[0].subject).toBe('Verify your email for SHOPPER');
    }
  });
});

describe('the other demo-only features', () => {
  it('toggles the admin flag only on a demo shop', async () => {
    const customer = await signUp(shop.app);
    const refused = await shop.app.inject({
      method: 'POST',
      url: '/api/users/toggle-admin',
      headers: { 'auth-token': customer.accessToken },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, code: 'FORBIDDEN', message: M.selfAdminDisabled });

    const demoCustomer = await signUp(demo.app);
    const toggled = await demo.app.inject({
      method: 'POST',
      url: '/api/users/toggle-admin',
      headers: { 'auth-token': demoCustomer.accessToken },
    });
    expect(toggled.json()).toMatchObject({ success: true, isAdmin: true });
  });

  it('sets Secure refresh cookies, except on a demo served over http', async () => {
    const cookieOf = async (t: TestApp) => {
      const account = await signUp(t.app);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: account.email, password: PASSWORD },
      });
      expect(refreshCookieOf(login)).toBeDefined();
      return login.cookies.find((cookie) => cookie.name === REFRESH_COOKIE);
    };
    expect((await cookieOf(shop))?.secure).toBe(true);
    expect((await cookieOf(demo))?.secure).toBeFalsy();
  });
});
