import { ACCOUNT_MESSAGES as M } from '@shopper/contract';
import type { FastifyRequest, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { type AuthContext, requireVerifiedEmail } from '../../plugins/auth.ts';
import { authHeader, logIn, mailsTo, PASSWORD, signUp, type TestAccount } from '../../test/account-factory.ts';
import { createTestApp, createTestClock, type TestApp } from '../../test/test-app.ts';
import { REFRESH_COOKIE } from '../../plugins/refresh-cookie.ts';

const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
let t: TestApp;
const clock = createTestClock();

beforeAll(async () => {
  // A demo shop: the self-service admin toggle is one of its features (decision 011).
  t = await createTestApp({ DEMO: 'true' }, { clock });
});
afterAll(async () => {
  await t.close();
});

const me = (headers: Record<string, string> = {}) => t.app.inject({ url: '/api/users/me', headers });
const put = (url: string, account: TestAccount, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/users${url}`,
    headers: authHeader(account.accessToken),
    payload: payload as object,
  });
const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/refresh-token', cookies: { [REFRESH_COOKIE]: token } });

function expectFieldError(response: LightMyRequestResponse, param: string, msg: string) {
  expect(response.statusCode).toBe(400);
  expect(response.json().code).toBe('VALIDATION_FAILED');
  expect(response.json().errors).toContainEqual({ param, msg });
}

function expect401(response: LightMyRequestResponse, message: string) {
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({ success: false, code: 'UNAUTHENTICATED', message });
}

describe('GET /api/users/me and /api/users/verify-token', () => {
  it('answer the signed-in user from the auth-token header or a Bearer token', async () => {
    const account = await signUp(t.app, { username: 'Grace Hopper' });
    for (const url of ['/api/users/me', '/api/users/verify-token']) {
      for (const headers of [authHeader(account.accessToken), { authorization: `Bearer ${account.accessToken}` }]) {
        const response = await t.app.inject({ url, headers });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ success: true, user: { id: account.userId, name: 'Grace Hopper' } });
      }
    }
  });

  it('answer 401 without a token', async () => {
    expect401(await me(), M.authenticationRequired);
    expect401(await t.app.inject({ url: '/api/users/verify-token' }), M.authenticationRequired);
    expect401(await me({ authorization: 'Basic abc' }), M.authenticationRequired);
  });

  it('refuse a token whose signature was altered', async () => {
    const { accessToken } = await signUp(t.app);
    const [header, payload, signature] = accessToken.split('.') as [string, string, string];
    const flipped = signature[5] === 'A' ? 'B' : 'A';
    const tampered = `${header}.${payload}.${signature.slice(0, 5)}${flipped}${signature.slice(6)}`;
    expect401(await me(authHeader(tampered)), M.authError);
  });

  it('refuse a token whose claims were altered', async () => {
    const victim = await signUp(t.app);
    const attacker = await signUp(t.app);
    const [header, , signature] = attacker.accessToken.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ sub: victim.userId, sid: 'x', exp: 9_999_999_999 })).toString(
      'base64url',
    );
    expect401(await me(authHeader(`${header}.${forged}.${signature}`)), M.authError);
  });

  it("refuse alg 'none', another secret and other garbage", async () => {
    const account = await signUp(t.app);
    const payload = JSON.parse(Buffer.from(account.accessToken.split('.')[1]!, 'base64url').toString());
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;
    const otherSecret = await new SignJWT({ sid: payload.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(payload.sub)
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('another-secret-that-is-also-long-enough-to-sign'));
    const hs512 = await new SignJWT({ sid: payload.sid })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(payload.sub)
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(JWT_SECRET));
    for (const token of [none, otherSecret, hs512, 'not.a.jwt', 'garbage', 'a'.repeat(5_000)]) {
      expect401(await me(authHeader(token)), M.authError);
    }
  });

  it('refuse a validly signed token without the claims it needs', async () => {
    const noSession = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('someone')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(JWT_SECRET));
    expect401(await me(authHeader(noSession)), M.authError);
    const unknownSession = await new SignJWT({ sid: 'not-a-session' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('someone')
      .setIssuedAt(Math.floor(clock().getTime() / 1000))
      .setExpirationTime(Math.floor(clock().getTime() / 1000) + 600)
      .sign(new TextEncoder().encode(JWT_SECRET));
    expect401(await me(authHeader(unknownSession)), M.sessionExpired);
  });

  it('refuse a genuine-key token for a live session that lacks exp or iat, or outlives 15 minutes', async () => {
    // Decision 013: exp, iat, sub and sid are required, and age is bounded whatever exp says.
    const account = await signUp(t.app);
    const { sub, sid } = JSON.parse(Buffer.from(account.accessToken.split('.')[1]!, 'base64url').toString());
    const key = new TextEncoder().encode(JWT_SECRET);
    const now = Math.floor(clock().getTime() / 1000);
    const base = () => new SignJWT({ sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub);
    const noExp = await base().setIssuedAt(now).sign(key);
    const noIat = await base()
      .setExpirationTime(now + 600)
      .sign(key);
    const longLived = await base()
      .setIssuedAt(now)
      .setExpirationTime(now + 30 * 24 * 3600)
      .sign(key);
    const noSub = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(key);
    expect((await me(authHeader(longLived))).statusCode).toBe(200);
    for (const token of [noExp, noIat, noSub]) expect401(await me(authHeader(token)), M.authError);
    clock.advance(16 * 60_000);
    expect401(await me(authHeader(longLived)), M.sessionExpired);
  });

  it('refuse an expired token with the session-expired message; a refresh gives a working one', async () => {
    const account = await signUp(t.app);
    clock.advance(14 * 60_000);
    expect((await me(authHeader(account.accessToken))).statusCode).toBe(200);
    clock.advance(2 * 60_000);
    expect401(await me(authHeader(account.accessToken)), M.sessionExpired);
    const refreshed = await refresh(account.refreshToken);
    expect((await me(authHeader(refreshed.json().accessToken))).statusCode).toBe(200);
  });
});

describe('PUT /api/users/profile', () => {
  const address = { street: '1 Main Street', city: 'Springfield', state: 'IL', zipCode: '62701', country: 'US' };

  it('updates name, phone and address and answers the updated user', async () => {
    const account = await signUp(t.app);
    const response = await put('/profile', account, { name: '  Ada King ', phone: '+44 20 7946 0958', address });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: M.profileUpdated,
      user: {
        name: 'Ada King',
        username: 'Ada King',
        phone: '+442079460958',
        address: { ...address, postalCode: '62701' },
      },
    });
    expect((await me(authHeader(account.accessToken))).json().user.address).toEqual({
      ...address,
      postalCode: '62701',
    });
  });

  it('maps a country name to its code, in any case; postalCode is read as zipCode', async () => {
    const account = await signUp(t.app);
    const response = await put('/profile', account, {
      name: 'Ada',
      phone: '5551234567',
      address: { street: 'Unter den Linden 1', city: 'Berlin', state: '', postalCode: '10117', country: 'gErMaNy' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.address).toEqual({
      street: 'Unter den Linden 1',
      city: 'Berlin',
      state: '',
      zipCode: '10117',
      postalCode: '10117',
      country: 'DE',
    });
  });

  it('keeps the address when it is left out, clears it with null or with every field empty', async () => {
    const account = await signUp(t.app);
    await put('/profile', account, { name: 'Ada', phone: '5551234567', address });
    const kept = await put('/profile', account, { name: 'Ada', phone: '5551234567' });
    expect(kept.json().user.address).toMatchObject({ street: address.street });
    const cleared = await put('/profile', account, { name: 'Ada', phone: '5551234567', address: null });
    expect(cleared.json().user.address).toBeNull();
    await put('/profile', account, { name: 'Ada', phone: '5551234567', address });
    const empty = { street: '', city: '', state: '', zipCode: '', country: '' };
    const clearedByEmpty = await put('/profile', account, { name: 'Ada', phone: '5551234567', address: empty });
    expect(clearedByEmpty.statusCode).toBe(200);
    expect(clearedByEmpty.json().user.address).toBeNull();
  });

  it.each([
    ['name missing', { name: undefined }, 'name', M.nameRequired],
    ['name empty', { name: '' }, 'name', M.nameRequired],
    ['name too short', { name: 'A' }, 'name', M.nameLength],
    ['name too long', { name: 'N'.repeat(31) }, 'name', M.nameLength],
    ['phone missing', { phone: undefined }, 'phone', M.phoneRequired],
    ['phone empty', { phone: '  ' }, 'phone', M.phoneRequired],
    ['phone short', { phone: '555 123' }, 'phone', M.phoneDigits],
    ['phone long', { phone: '1234567890123456' }, 'phone', M.phoneDigits],
    ['street missing', { address: { ...address, street: '' } }, 'address.street', M.streetRequired],
    ['street short', { address: { ...address, street: 'ab' } }, 'address.street', M.streetTooShort],
    ['city missing', { address: { ...address, city: '' } }, 'address.city', M.cityRequired],
    ['city short', { address: { ...address, city: 'X' } }, 'address.city', M.cityTooShort],
    ['state short', { address: { ...address, state: 'I' } }, 'address.state', M.stateTooShort],
    ['zip missing', { address: { ...address, zipCode: '' } }, 'address.zipCode', M.zipRequired],
    ['zip too short', { address: { ...address, zipCode: '123' } }, 'address.zipCode', M.zipInvalid],
    ['zip too long', { address: { ...address, zipCode: '1234567890123' } }, 'address.zipCode', M.zipInvalid],
    ['zip with symbols', { address: { ...address, zipCode: '12#45' } }, 'address.zipCode', M.zipInvalid],
    ['country missing', { address: { ...address, country: '' } }, 'address.country', M.countryRequired],
    ['country unknown', { address: { ...address, country: 'Atlantis' } }, 'address.country', M.countryInvalid],
    ['street with NUL', { address: { ...address, street: '1 Main\u0000St' } }, 'address.street', M.textHasNul],
  ])('answers 400 when the %s', async (_label, overrides, param, msg) => {
    const account = await signUp(t.app);
    const response = await put('/profile', account, { name: 'Ada', phone: '5551234567', ...overrides });
    expectFieldError(response, param, msg);
    expect((await me(authHeader(account.accessToken))).json().user.phone).toBe('');
  });

  it('accepts a zip with letters, a space and a hyphen, and a missing state', async () => {
    const account = await signUp(t.app);
    const response = await put('/profile', account, {
      name: 'Ada',
      phone: '5551234567',
      address: { street: '10 Downing St', city: 'London', zipCode: 'SW1A 2AA', country: 'united kingdom' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.address).toMatchObject({ zipCode: 'SW1A 2AA', state: '', country: 'GB' });
  });

  it('answers 401 before looking at the body', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/users/profile', payload: { name: 1 } });
    expect401(response, M.authenticationRequired);
  });

  it('refuses wrong types instead of storing them', async () => {
    const account = await signUp(t.app);
    for (const payload of [
      { name: ['Ada'], phone: '5551234567' },
      { name: 'Ada', phone: 5551234567 },
      { name: 'Ada', phone: '5551234567', address: 'Main St' },
    ]) {
      expect((await put('/profile', account, payload)).statusCode).toBe(400);
    }
  });
});

describe('PUT /api/users/change-password', () => {
  const NEW = 'Changed-pass9#';
  const body = (overrides: Record<string, unknown> = {}) => ({
    currentPassword: PASSWORD,
    newPassword: NEW,
    newPasswordConfirm: NEW,
    ...overrides,
  });

  it('changes the password, keeps this session and signs every other one out', async () => {
    const account = await signUp(t.app);
    const other = await logIn(t.app, account.email, PASSWORD);
    const response = await put('/change-password', account, body());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: M.passwordChanged });

    expect((await me(authHeader(account.accessToken))).statusCode).toBe(200);
    expect((await refresh(account.refreshToken)).statusCode).toBe(200);
    expect401(await me(authHeader(other.accessToken)), M.sessionExpired);
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);

    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: account.email, password: PASSWORD },
    });
    expect(oldLogin.statusCode).toBe(401);
    await logIn(t.app, account.email, NEW);
    const [mail] = await mailsTo(t.database, account.email);
    expect(mail?.subject).toBe('Your SHOPPER password was changed');
  });

  it('answers 400 on currentPassword when the current password is wrong', async () => {
    const account = await signUp(t.app);
    const response = await put('/change-password', account, body({ currentPassword: 'Not-my-pass1!' }));
    expectFieldError(response, 'currentPassword', M.currentPasswordIncorrect);
    expect(response.json().message).toBe(M.currentPasswordIncorrect);
    await logIn(t.app, account.email, PASSWORD);
  });

  it('answers 400 on newPassword when it equals the current one', async () => {
    const account = await signUp(t.app);
    const response = await put(
      '/change-password',
      account,
      body({ newPassword: PASSWORD, newPasswordConfirm: PASSWORD }),
    );
    expectFieldError(response, 'newPassword', M.newPasswordSameAsCurrent);
  });

  it.each([
    [{ currentPassword: undefined }, 'currentPassword', M.currentPasswordRequired],
    [{ currentPassword: '' }, 'currentPassword', M.currentPasswordRequired],
    [{ newPassword: undefined }, 'newPassword', M.newPasswordRequired],
    [{ newPassword: '' }, 'newPassword', M.newPasswordRequired],
    [{ newPassword: 'Ab1!', newPasswordConfirm: 'Ab1!' }, 'newPassword', M.passwordTooShort],
    [{ newPassword: 'lowercase1!', newPasswordConfirm: 'lowercase1!' }, 'newPassword', M.passwordNeedsUppercase],
    [{ newPassword: 'NoNumbers!', newPasswordConfirm: 'NoNumbers!' }, 'newPassword', M.passwordNeedsNumber],
    [{ newPassword: 'NoSpecial12', newPasswordConfirm: 'NoSpecial12' }, 'newPassword', M.passwordNeedsSpecial],
    [{ newPasswordConfirm: undefined }, 'newPasswordConfirm', M.confirmPasswordRequired],
    [{ newPasswordConfirm: 'Different-9#' }, 'newPasswordConfirm', M.passwordsMustMatch],
  ])('validates the body: %j', async (overrides, param, msg) => {
    const account = await signUp(t.app);
    expectFieldError(await put('/change-password', account, body(overrides)), param, msg);
  });
});

describe('PUT /api/users/disable-account', () => {
  it('refuses a wrong or missing password', async () => {
    const account = await signUp(t.app);
    expectFieldError(
      await put('/disable-account', account, { password: 'Wrong-pass1!' }),
      'password',
      M.passwordIncorrect,
    );
    expectFieldError(await put('/disable-account', account, {}), 'password', M.disablePasswordRequired);
    expect((await me(authHeader(account.accessToken))).statusCode).toBe(200);
  });

  it('disables the account, ends every session and clears the cookie', async () => {
    const account = await signUp(t.app);
    const other = await logIn(t.app, account.email, PASSWORD);
    const response = await put('/disable-account', account, { password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: M.accountDisabledDone });
    expect(response.cookies.find((c) => c.name === REFRESH_COOKIE)?.value).toBe('');
    for (const session of [account, other]) {
      expect((await me(authHeader(session.accessToken))).statusCode).toBe(401);
      expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: account.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(403);
  });
});

describe('POST /api/users/toggle-admin', () => {
  const toggle = (account: TestAccount) =>
    t.app.inject({ method: 'POST', url: '/api/users/toggle-admin', headers: authHeader(account.accessToken) });

  it('flips the admin flag of the signed-in user on a demo shop', async () => {
    const account = await signUp(t.app);
    const on = await toggle(account);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ success: true, isAdmin: true, message: M.nowAdmin, user: { isAdmin: true } });
    const off = await toggle(account);
    expect(off.json()).toMatchObject({ isAdmin: false, message: M.adminRemoved, user: { isAdmin: false } });
  });

  it('answers 401 without a token', async () => {
    expect401(await t.app.inject({ method: 'POST', url: '/api/users/toggle-admin' }), M.authenticationRequired);
  });
});

describe('requireVerifiedEmail', () => {
  const requestWith = (auth: AuthContext | null) => ({ auth }) as FastifyRequest;
  const context = (isEmailVerified: boolean) =>
    ({ userId: 'u', sessionId: 's', user: { isEmailVerified } }) as unknown as AuthContext;

  it('lets a verified user through and stops an unverified one with EMAIL_NOT_VERIFIED', async () => {
    await expect(requireVerifiedEmail(requestWith(context(true)))).resolves.toBeUndefined();
    const refused = requireVerifiedEmail(requestWith(context(false)));
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: M.emailVerificationRequired });
    await expect(requireVerifiedEmail(requestWith(null))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe('API docs', () => {
  it('document every users endpoint under the users tag', async () => {
    const spec = (await t.app.inject('/api/docs/json')).json();
    const expected = {
      '/api/users/signup': 'post',
      '/api/users/login': 'post',
      '/api/users/me': 'get',
      '/api/users/verify-token': 'get',
      '/api/users/profile': 'put',
      '/api/users/change-password': 'put',
      '/api/users/forgot-password': 'post',
      '/api/users/reset-password': 'post',
      '/api/users/request-verification': 'post',
      '/api/users/verify-email/{token}': 'get',
      '/api/users/refresh-token': 'post',
      '/api/users/logout': 'post',
      '/api/users/disable-account': 'put',
      '/api/users/toggle-admin': 'post',
    };
    for (const [path, method] of Object.entries(expected)) {
      const operation = spec.paths[path]?.[method];
      expect(operation, path).toBeDefined();
      expect(operation.tags).toEqual(['users']);
      expect(operation.summary).toEqual(expect.any(String));
      expect(operation.responses['200'] ?? operation.responses['201'], path).toBeDefined();
      if (operation.requestBody || path !== '/api/users/logout') {
        expect(Object.keys(operation.responses).length, path).toBeGreaterThan(1);
      }
    }
  });
});
