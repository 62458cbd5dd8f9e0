import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createLogOutput } from '../lib/logger.ts';
import { REDACTED, redactUrl } from '../lib/redact-url.ts';
import { linkTokenMailedTo, mailsTo, PASSWORD, signUp, uniqueEmail } from '../test/account-factory.ts';
import { insertProducts } from '../db/seed/seed-catalog.ts';
import { buildProduct, firstColourId } from '../test/product-factory.ts';
import { openTestDatabase, RELAXED_RATE_LIMITS } from '../test/test-app.ts';

// The log is a real file written by the production logger: whoever can read it must not find a
// token there that resets a password, verifies an address or (un)subscribes someone.

const dir = mkdtempSync(path.join(tmpdir(), 'shopper-secret-log-'));
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
let logOutput: ReturnType<typeof createLogOutput>;
const file = path.join(dir, 'shop.log');

beforeAll(async () => {
  const config = readConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ALLOW_TEST_PAYMENTS: 'true',
    DATA_DIR: '/nonexistent',
  });
  logOutput = createLogOutput(config, { dest: file });
  database = await openTestDatabase();
  app = await buildApp({ config, database, logOutput, rateLimits: { limits: RELAXED_RATE_LIMITS } });
  await app.ready();
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

async function logText(): Promise<string> {
  await logOutput.flush();
  return readFileSync(file, 'utf8');
}

async function expectLoggedWithout(token: string, urlOfFlow: string) {
  const text = await logText();
  // The request was logged (so the grep below reads the right lines), without its secret.
  expect(text).toContain(redactUrl(urlOfFlow).split('?')[0]);
  expect(text).not.toContain(token);
  expect(text).toContain(REDACTED);
}

describe('secrets in the log', () => {
  it('a reset link, opened and used, leaves no token in the log', async () => {
    const account = await signUp(app);
    await app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: account.email } });
    const token = await linkTokenMailedTo(database, account.email, 'reset-password');
    const page = `/reset-password/${token}`;
    await app.inject({ url: page });
    const reset = await app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await expectLoggedWithout(token, page);
  });

  it('a verification link, on the page and the API, leaves no token in the log', async () => {
    const account = await signUp(app);
    const token = await linkTokenMailedTo(database, account.email, 'verify-email');
    await app.inject({ url: `/verify-email?token=${token}` });
    const api = `/api/users/verify-email/${token}`;
    const verified = await app.inject({ url: api });
    expect(verified.statusCode, verified.body).toBe(200);
    await expectLoggedWithout(token, api);
  });

  it('newsletter confirm and unsubscribe links leave no token in the log', async () => {
    const email = uniqueEmail();
    await app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email } });
    const [mail] = await mailsTo(database, email);
    const confirmToken = /\/newsletter\/confirm\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(confirmToken).not.toBe('');
    await app.inject({ url: `/newsletter/confirm?token=${confirmToken}` });
    expect(
      (await app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token: confirmToken } }))
        .statusCode,
    ).toBe(200);
    const welcome = (await mailsTo(database, email)).find((each) => each.text.includes('unsubscribe?token='));
    const unsubscribeToken = /unsubscribe\?token=([\w-]+)/.exec(welcome?.text ?? '')?.[1] ?? '';
    expect(unsubscribeToken).not.toBe('');
    await app.inject({ url: `/newsletter/unsubscribe?token=${unsubscribeToken}` });
    const api = `/api/newsletter/unsubscribe?token=${unsubscribeToken}`;
    expect((await app.inject({ method: 'POST', url: api })).statusCode).toBe(200);
    await expectLoggedWithout(confirmToken, api);
    await expectLoggedWithout(unsubscribeToken, api);
  });

  it('back-in-stock confirm and unsubscribe links leave no token in the log', async () => {
    const [productId] = await insertProducts(database.db, [buildProduct({ sizes: [{ size: 'S', stock: 0 }] })]);
    const colourId = await firstColourId(database.db, productId!);
    const email = uniqueEmail();
    const asked = await app.inject({
      method: 'POST',
      url: '/api/back-in-stock',
      payload: { productId, colourId, size: 'S', email },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [mail] = await mailsTo(database, email);
    const confirmToken = /\/back-in-stock\/confirm\?token=([\w.-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const unsubscribeToken = /\/back-in-stock\/unsubscribe\?token=([\w.-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(confirmToken).not.toBe('');
    expect(unsubscribeToken).not.toBe('');
    await app.inject({ url: `/back-in-stock/confirm?token=${confirmToken}` });
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/back-in-stock/confirm',
      payload: { token: confirmToken },
    });
    expect(confirmed.statusCode).toBe(200);
    await app.inject({ url: `/back-in-stock/unsubscribe?token=${unsubscribeToken}` });
    const api = `/api/back-in-stock/unsubscribe?token=${unsubscribeToken}`;
    expect((await app.inject({ method: 'POST', url: api })).statusCode).toBe(200);
    await expectLoggedWithout(confirmToken, api);
    // The signature is the secret part; the request id before it names no one.
    await expectLoggedWithout(unsubscribeToken.split('.')[1] ?? unsubscribeToken, api);
  });

  it('redacts token paths and parameters wherever they sit, and leaves other URLs alone', () => {
    expect(redactUrl('/reset-password/abc-DEF_1?x=1')).toBe(`/reset-password/${REDACTED}?x=1`);
    expect(redactUrl('/api/users/verify-email/abc')).toBe(`/api/users/verify-email/${REDACTED}`);
    expect(redactUrl('/newsletter/unsubscribe?lang=en&TOKEN=abc#top')).toBe(
      `/newsletter/unsubscribe?lang=en&TOKEN=${REDACTED}#top`,
    );
    expect(redactUrl('/api/products/all-products?page=1&limit=2')).toBe('/api/products/all-products?page=1&limit=2');
    expect(redactUrl('token=abc&page=2')).toBe(`token=${REDACTED}&page=2`);
    expect(redactUrl('/back-in-stock/unsubscribe?token=0f0e.sig-NATURE_1')).toBe(
      `/back-in-stock/unsubscribe?token=${REDACTED}`,
    );
    expect(redactUrl('/api/products?tokenish=1')).toBe('/api/products?tokenish=1');
  });
});
