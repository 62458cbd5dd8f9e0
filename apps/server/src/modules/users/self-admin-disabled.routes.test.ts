import { ACCOUNT_MESSAGES as M } from '@shopper/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, signUp } from '../../test/account-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Its own file: the shop's configuration differs, and one process holds one metrics registry.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ALLOW_SELF_ADMIN: 'false' });
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/users/toggle-admin on a shop without self-service admin', () => {
  it('answers 403 and leaves the flag alone', async () => {
    const account = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/toggle-admin',
      headers: authHeader(account.accessToken),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, code: 'FORBIDDEN', message: M.selfAdminDisabled });
    const me = await t.app.inject({ url: '/api/users/me', headers: authHeader(account.accessToken) });
    expect(me.json().user.isAdmin).toBe(false);
  });
});
