import { createHash } from 'node:crypto';
import { ACCOUNT_MESSAGES as M } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, sessions, users } from '../../db/schema.ts';
import {
  authHeader,
  linkTokenMailedTo,
  logIn,
  mailsTo,
  markVerified,
  PASSWORD,
  refreshCookieOf,
  signUp,
  uniqueEmail,
} from '../../test/account-factory.ts';
import { createTestApp, createTestClock, type TestApp } from '../../test/test-app.ts';
import { REFRESH_COOKIE } from '../../plugins/refresh-cookie.ts';

const PUBLIC_URL = 'https://shop.example.test';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;
const clock = createTestClock();

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL }, { clock });
});
afterAll(async () => {
  await t.close();
});

const post = (
  url: string,
  payload?: unknown,
  extra: { cookies?: Record<string, string>; headers?: Record<string, string> } = {},
) => t.app.inject({ method: 'POST', url: `/api/users${url}`, payload: payload as object, ...extra });
const me = (accessToken: string) => t.app.inject({ url: '/api/users/me', headers: authHeader(accessToken) });
const refresh = (token: string) => post('/refresh-token', undefined, { cookies: { [REFRESH_COOKIE]: token } });
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    username: 'Ada Lovelace',
    email: uniqueEmail(),
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...overrides,
  };
}

function expectFieldError(response: LightMyRequestResponse, param: string, msg: string) {
  expect(response.statusCode).toBe(400);
  const body = response.json();
  expect(body.success).toBe(false);
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.errors).toContainEqual({ param, msg });
}

describe('POST /api/users/signup', () => {
  it('creates an unverified account, signs it in and sets the refresh cookie', async () => {
    const email = uniqueEmail('Mixed.Case').replace('mixed', 'MiXeD');
    const response = await post('/signup', signupBody({ email, phone: '+1 (555) 123-4567' }));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.accessToken.split('.')).toHaveLength(3);
    expect(body.user).toEqual({
      _id: body.user.id,
      id: body.user.id,
      name: 'Ada Lovelace',
      username: 'Ada Lovelace',
      email: email.toLowerCase(),
      isEmailVerified: false,
      emailVerified: false,
      isAdmin: false,
      role: 'customer',
      status: 'unverified',
      phone: '+15551234567',
      address: null,
      createdAt: clock().toISOString(),
    });
    const cookie = response.cookies.find((c) => c.name === REFRESH_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/users', maxAge: 30 * 24 * 60 * 60 });
    expect(cookie?.secure).toBe(true);
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
  });

  it('mails a verification link whose token is stored only as its SHA-256 hash, valid 24 hours', async () => {
    const { email, userId } = await signUp(t.app);
    const [mail] = await mailsTo(t.database, email);
    expect(mail?.subject).toBe('Verify your email for SHOPPER');
    expect(mail?.text).toContain(`${PUBLIC_URL}/verify-email?token=`);
    const token = await linkTokenMailedTo(t.database, email, 'verify-email');
    const [stored] = await t.database.db.select().from(emailTokens).where(eq(emailTokens.userId, userId));
    expect(stored?.tokenHash).toBe(sha256(token));
    expect(stored?.purpose).toBe('verify-email');
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(24 * HOUR);
  });

  it('refuses an email that already has an account, whatever its case (409)', async () => {
    const { email } = await signUp(t.app);
    const response = await post('/signup', signupBody({ email: email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      code: 'CONFLICT',
      message: M.emailTaken,
      errors: [{ param: 'email', msg: M.emailTaken }],
    });
  });

  it.each([
    ['username missing', { username: undefined }, 'username', M.nameRequired],
    ['username blank', { username: '   ' }, 'username', M.nameRequired],
    ['username too short', { username: 'A' }, 'username', M.nameLength],
    ['username too long', { username: 'A'.repeat(31) }, 'username', M.nameLength],
    ['email missing', { email: undefined }, 'email', M.emailRequired],
    ['email empty', { email: '' }, 'email', M.emailRequired],
    ['email invalid', { email: 'not-an-email' }, 'email', M.emailInvalid],
    ['password missing', { password: undefined }, 'password', M.passwordRequired],
    ['password short', { password: 'Ab1!', confirmPassword: 'Ab1!' }, 'password', M.passwordTooShort],
    [
      'password without uppercase',
      { password: 'abcdefg1!', confirmPassword: 'abcdefg1!' },
      'password',
      M.passwordNeedsUppercase,
    ],
    [
      'password without number',
      { password: 'Abcdefgh!', confirmPassword: 'Abcdefgh!' },
      'password',
      M.passwordNeedsNumber,
    ],
    [
      'password without special',
      { password: 'Abcdefgh1', confirmPassword: 'Abcdefgh1' },
      'password',
      M.passwordNeedsSpecial,
    ],
    ['password too long', { password: `A1!${'a'.repeat(200)}` }, 'password', M.passwordTooLong],
    ['confirmation missing', { confirmPassword: undefined }, 'confirmPassword', M.confirmPasswordRequired],
    ['confirmation different', { confirmPassword: 'Other-pass1!' }, 'confirmPassword', M.passwordsMustMatch],
    ['phone too short', { phone: '12345' }, 'phone', M.phoneDigits],
    ['phone too long', { phone: '1234567890123456' }, 'phone', M.phoneDigits],
    ['phone with letters', { phone: '555-CALL-NOW' }, 'phone', M.phoneDigits],
  ])('answers 400 when the %s', async (_label, overrides, param, msg) => {
    const email = uniqueEmail();
    const response = await post('/signup', signupBody({ email, ...overrides }));
    expectFieldError(response, param, msg);
    expect(await mailsTo(t.database, email)).toHaveLength(0);
  });

  it('ignores fields it does not know, such as isAdmin', async () => {
    const response = await post('/signup', signupBody({ isAdmin: true, isEmailVerified: true, role: 'admin' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ isAdmin: false, isEmailVerified: false });
  });
});

describe('POST /api/users/login', () => {
  it('signs in with the email in any case and sets a new refresh cookie', async () => {
    const account = await signUp(t.app);
    const response = await post('/login', { email: `  ${account.email.toUpperCase()} `, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, user: { email: account.email, id: account.userId } });
    expect(refreshCookieOf(response)).toBeDefined();
    expect(refreshCookieOf(response)).not.toBe(account.refreshToken);
    expect((await me(response.json().accessToken)).statusCode).toBe(200);
  });

  it('gives the same 401 for a wrong password and for an unknown email', async () => {
    const account = await signUp(t.app);
    const wrong = await post('/login', { email: account.email, password: 'Wrong-pass1!' });
    const unknown = await post('/login', { email: uniqueEmail('nobody'), password: PASSWORD });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, code: 'UNAUTHENTICATED', message: M.invalidCredentials });
      expect(refreshCookieOf(response)).toBeUndefined();
    }
  });

  it.each([
    [{ password: PASSWORD }, 'email', M.emailRequired],
    [{ email: '', password: PASSWORD }, 'email', M.emailRequired],
    [{ email: 'a@b.co' }, 'password', M.passwordRequired],
    [{ email: 'a@b.co', password: '' }, 'password', M.passwordRequired],
  ])('checks only presence locally: %j', async (payload, param, msg) => {
    expectFieldError(await post('/login', payload), param, msg);
  });

  it('refuses a disabled account with 403, but only to someone who knows its password', async () => {
    const account = await signUp(t.app);
    const disabled = await t.app.inject({
      method: 'PUT',
      url: '/api/users/disable-account',
      headers: authHeader(account.accessToken),
      payload: { password: PASSWORD },
    });
    expect(disabled.statusCode).toBe(200);
    const response = await post('/login', { email: account.email, password: PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, code: 'FORBIDDEN', message: M.accountDisabled });
    const wrong = await post('/login', { email: account.email, password: 'Wrong-pass1!' });
    expect(wrong.statusCode).toBe(401);
  });
});

describe('POST /api/users/refresh-token', () => {
  it('rotates: a new access token and a new cookie; the old cookie is then a reuse that ends the session', async () => {
    const account = await signUp(t.app);
    const first = await refresh(account.refreshToken);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, accessToken: expect.any(String) });
    const next = refreshCookieOf(first);
    expect(next).toBeDefined();
    expect(next).not.toBe(account.refreshToken);
    expect((await me(first.json().accessToken)).statusCode).toBe(200);

    const replay = await refresh(account.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: M.sessionExpired });

    // The whole family is revoked: the newest token and the access tokens stop working too.
    expect((await refresh(next!)).statusCode).toBe(401);
    expect((await me(first.json().accessToken)).statusCode).toBe(401);
    expect((await me(account.accessToken)).statusCode).toBe(401);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, account.userId));
    expect(session?.revokedReason).toBe('reuse');
  });

  it('keeps rotating as long as each new cookie is used once', async () => {
    const account = await signUp(t.app);
    let token = account.refreshToken;
    for (let i = 0; i < 3; i += 1) {
      const response = await refresh(token);
      expect(response.statusCode).toBe(200);
      token = refreshCookieOf(response)!;
    }
    expect((await me(account.accessToken)).statusCode).toBe(200);
  });

  it('answers 401 without a cookie or with an unknown one, and clears it', async () => {
    for (const response of [await post('/refresh-token'), await refresh('x'.repeat(43))]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, code: 'UNAUTHENTICATED', message: M.sessionExpired });
    }
    const cleared = (await refresh('y'.repeat(43))).cookies.find((c) => c.name === REFRESH_COOKIE);
    expect(cleared?.value).toBe('');
  });

  it('answers 401 once the session is more than 30 days old', async () => {
    const account = await signUp(t.app);
    clock.advance(31 * DAY);
    expect((await refresh(account.refreshToken)).statusCode).toBe(401);
  });

  it('refuses a disabled account', async () => {
    const account = await signUp(t.app);
    const other = await logIn(t.app, account.email, PASSWORD);
    await t.app.inject({
      method: 'PUT',
      url: '/api/users/disable-account',
      headers: authHeader(account.accessToken),
      payload: { password: PASSWORD },
    });
    const response = await refresh(other.refreshToken);
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/users/logout', () => {
  it('revokes the session: neither the access token nor the cookie works afterwards', async () => {
    const account = await signUp(t.app);
    const response = await post('/logout', undefined, {
      headers: authHeader(account.accessToken),
      cookies: { [REFRESH_COOKIE]: account.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: M.loggedOut });
    const cleared = response.cookies.find((c) => c.name === REFRESH_COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/api/users');
    expect((await me(account.accessToken)).json()).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: M.sessionExpired,
    });
    expect((await refresh(account.refreshToken)).statusCode).toBe(401);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, account.userId));
    expect(session?.revokedReason).toBe('logout');
  });

  it('is idempotent and answers even without any credential', async () => {
    const account = await signUp(t.app);
    for (let i = 0; i < 2; i += 1) {
      const response = await post('/logout', undefined, { headers: authHeader(account.accessToken) });
      expect(response.statusCode).toBe(200);
    }
    expect((await post('/logout')).statusCode).toBe(200);
    expect((await post('/logout', undefined, { headers: authHeader('garbage') })).statusCode).toBe(200);
  });

  it('works with an expired access token, and with the cookie alone', async () => {
    const a = await signUp(t.app);
    clock.advance(16 * MINUTE);
    expect((await me(a.accessToken)).statusCode).toBe(401);
    await post('/logout', undefined, { headers: authHeader(a.accessToken) });
    expect((await refresh(a.refreshToken)).statusCode).toBe(401);

    const b = await signUp(t.app);
    await post('/logout', undefined, { cookies: { [REFRESH_COOKIE]: b.refreshToken } });
    expect((await me(b.accessToken)).statusCode).toBe(401);
  });

  it('ends only the current session', async () => {
    const a = await signUp(t.app);
    const elsewhere = await logIn(t.app, a.email, PASSWORD);
    await post('/logout', undefined, { headers: authHeader(a.accessToken) });
    expect((await me(elsewhere.accessToken)).statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('answers 404 for an unknown email (docs/product.md#password-recovery shows this message)', async () => {
    const response = await post('/forgot-password', { email: uniqueEmail('ghost') });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: M.noAccountWithEmail });
  });

  it.each([
    [{}, M.emailRequired],
    [{ email: 'nope' }, M.emailInvalid],
  ])('validates the email: %j', async (payload, msg) => {
    expectFieldError(await post('/forgot-password', payload), 'email', msg);
  });

  it('mails a one-hour link; the reset replaces the password, ends every session and is single use', async () => {
    const account = await signUp(t.app);
    const other = await logIn(t.app, account.email, PASSWORD);
    const response = await post('/forgot-password', { email: account.email.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: M.recoveryEmailSent });
    const [mail] = await mailsTo(t.database, account.email);
    expect(mail?.subject).toBe('Reset your SHOPPER password');
    expect(mail?.text).toContain(`${PUBLIC_URL}/reset-password/`);
    const token = await linkTokenMailedTo(t.database, account.email, 'reset-password');
    const [stored] = await t.database.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.tokenHash, sha256(token)));
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(HOUR);

    const newPassword = 'Brand-new-pass2?';
    const reset = await post('/reset-password', { token, password: newPassword });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true, message: M.passwordResetSuccess });

    expect((await me(account.accessToken)).statusCode).toBe(401);
    expect((await me(other.accessToken)).statusCode).toBe(401);
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    expect((await post('/login', { email: account.email, password: PASSWORD })).statusCode).toBe(401);
    await logIn(t.app, account.email, newPassword);
    const [changedMail] = await mailsTo(t.database, account.email);
    expect(changedMail?.subject).toBe('Your SHOPPER password was changed');

    const again = await post('/reset-password', { token, password: 'Another-pass3!' });
    expectFieldError(again, 'token', M.resetLinkInvalid);
    expect(again.json().message).toBe(M.resetLinkInvalid);
  });

  it('refuses an expired link', async () => {
    const account = await signUp(t.app);
    await post('/forgot-password', { email: account.email });
    const token = await linkTokenMailedTo(t.database, account.email, 'reset-password');
    clock.advance(61 * MINUTE);
    expectFieldError(
      await post('/reset-password', { token, password: 'Brand-new-pass2?' }),
      'token',
      M.resetLinkInvalid,
    );
    await logIn(t.app, account.email, PASSWORD);
  });

  it('spends older links when a new one is requested', async () => {
    const account = await signUp(t.app);
    await post('/forgot-password', { email: account.email });
    const older = await linkTokenMailedTo(t.database, account.email, 'reset-password');
    clock.advance(1_000);
    await post('/forgot-password', { email: account.email });
    const newer = await linkTokenMailedTo(t.database, account.email, 'reset-password');
    expect(newer).not.toBe(older);
    expectFieldError(
      await post('/reset-password', { token: older, password: 'Brand-new-pass2?' }),
      'token',
      M.resetLinkInvalid,
    );
    expect((await post('/reset-password', { token: newer, password: 'Brand-new-pass2?' })).statusCode).toBe(200);
  });

  it('refuses a forged token and a verification token used as a reset token', async () => {
    const account = await signUp(t.app);
    const verifyToken = await linkTokenMailedTo(t.database, account.email, 'verify-email');
    for (const token of ['forged-token-1234567890', verifyToken]) {
      expectFieldError(
        await post('/reset-password', { token, password: 'Brand-new-pass2?' }),
        'token',
        M.resetLinkInvalid,
      );
    }
  });

  it.each([
    [{ password: 'Brand-new-pass2?' }, 'token', M.resetTokenRequired],
    [{ token: '', password: 'Brand-new-pass2?' }, 'token', M.resetTokenRequired],
    [{ token: 'short', password: 'Brand-new-pass2?' }, 'token', M.resetTokenInvalid],
    [{ token: 'long-enough-token' }, 'password', M.passwordRequired],
    [{ token: 'long-enough-token', password: 'weakpass' }, 'password', M.passwordNeedsUppercase],
    [{ token: 'long-enough-token', password: 'Ab1!' }, 'password', M.passwordTooShort],
  ])('validates the reset body: %j', async (payload, param, msg) => {
    expectFieldError(await post('/reset-password', payload), param, msg);
  });
});

describe('email verification', () => {
  const verify = (token: string) => t.app.inject({ url: `/api/users/verify-email/${encodeURIComponent(token)}` });

  it('verifies with the mailed link; the same link again says already verified', async () => {
    const account = await signUp(t.app);
    const token = await linkTokenMailedTo(t.database, account.email, 'verify-email');
    const first = await verify(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: M.emailVerified, alreadyVerified: false });
    expect((await me(account.accessToken)).json().user).toMatchObject({
      isEmailVerified: true,
      emailVerified: true,
      status: 'active',
    });
    const second = await verify(token);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ success: true, message: M.emailAlreadyVerified, alreadyVerified: true });
  });

  it('refuses an expired, forged or reset-purpose token with 400', async () => {
    const account = await signUp(t.app);
    const token = await linkTokenMailedTo(t.database, account.email, 'verify-email');
    await post('/forgot-password', { email: account.email });
    const resetToken = await linkTokenMailedTo(t.database, account.email, 'reset-password');
    clock.advance(25 * HOUR);
    for (const candidate of [token, 'forged-token-that-does-not-exist', resetToken]) {
      const response = await verify(candidate);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        code: 'VALIDATION_FAILED',
        message: M.verificationLinkInvalid,
      });
    }
    expect((await me((await logIn(t.app, account.email, PASSWORD)).accessToken)).json().user.isEmailVerified).toBe(
      false,
    );
  });

  it('request-verification sends a new link to an unverified account', async () => {
    const account = await signUp(t.app);
    const response = await post('/request-verification', { email: account.email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: M.verificationSent(account.email) });
    const mails = await mailsTo(t.database, account.email);
    expect(mails).toHaveLength(2);
    const token = await linkTokenMailedTo(t.database, account.email, 'verify-email');
    expect((await verify(token)).json().alreadyVerified).toBe(false);
  });

  it('request-verification answers alike for unknown, unverified, verified and disabled accounts, mailing only the unverified', async () => {
    // Decision 013: the answer told a verified account apart from the others.
    const unverified = await signUp(t.app);
    const verified = await signUp(t.app);
    await markVerified(t.database, verified.userId);
    const disabled = await signUp(t.app);
    await t.app.inject({
      method: 'PUT',
      url: '/api/users/disable-account',
      headers: authHeader(disabled.accessToken),
      payload: { password: PASSWORD },
    });
    const ghost = uniqueEmail('ghost');
    for (const [email, mailsAfter] of [
      [unverified.email, 2],
      [verified.email, 1],
      [disabled.email, 1],
      [ghost, 0],
    ] as const) {
      const response = await post('/request-verification', { email });
      expect(response.statusCode, email).toBe(200);
      expect(response.json()).toEqual({ success: true, message: M.verificationSent(email) });
      expect(await mailsTo(t.database, email), email).toHaveLength(mailsAfter);
    }
  });

  it.each([
    [{}, M.enterEmailAddress],
    [{ email: '' }, M.enterEmailAddress],
    [{ email: 'nope@' }, M.emailInvalid],
  ])('request-verification validates the email: %j', async (payload, msg) => {
    expectFieldError(await post('/request-verification', payload), 'email', msg);
  });
});

describe('hostile input', () => {
  it('answers malformed JSON with 400 in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co", "password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it.each([
    ['arrays instead of strings', { email: ['a@b.co'], password: [PASSWORD] }],
    ['numbers', { email: 42, password: 42 }],
    ['objects', { email: { $ne: '' }, password: { $gt: '' } }],
    ['null', { email: null, password: null }],
  ])('refuses %s with 400', async (_label, payload) => {
    const response = await post('/login', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('refuses a body that is not an object', async () => {
    for (const payload of ['"just a string"', '[1,2,3]', 'null']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users/signup',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
    }
  });

  it('refuses NUL bytes in stored or looked-up text without a server error', async () => {
    expectFieldError(await post('/signup', signupBody({ username: 'Ada\u0000Lovelace' })), 'username', M.textHasNul);
    expectFieldError(await post('/signup', signupBody({ email: 'a\u0000b@example.com' })), 'email', M.emailInvalid);
    expectFieldError(await post('/login', { email: 'a\u0000@b.co', password: PASSWORD }), 'email', M.emailInvalid);
    expect((await post('/forgot-password', { email: 'x\u0000@example.com' })).statusCode).toBe(400);
    expect((await post('/request-verification', { email: 'x\u0000@example.com' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/users/verify-email/abc%00def' })).statusCode).toBe(400);
  });

  it('bounds huge strings and huge bodies', async () => {
    expectFieldError(await post('/signup', signupBody({ username: 'x'.repeat(10_000) })), 'username', M.nameLength);
    expectFieldError(
      await post('/login', { email: `${'a'.repeat(5_000)}@b.co`, password: PASSWORD }),
      'email',
      M.emailInvalid,
    );
    expectFieldError(
      await post('/login', { email: 'a@b.co', password: 'P'.repeat(5_000) }),
      'password',
      M.passwordTooLong,
    );
    const huge = await post('/signup', signupBody({ username: 'x'.repeat(200_000) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().success).toBe(false);
    // Over-long path parameters are refused by the router (maxParamLength) before any lookup.
    const longToken = await t.app.inject({ url: `/api/users/verify-email/${'t'.repeat(250)}` });
    expect(longToken.statusCode).toBe(414);
    expect(longToken.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('refuses an over-long refresh cookie as a missing one', async () => {
    expect((await refresh('r'.repeat(5_000))).statusCode).toBe(401);
  });
});
