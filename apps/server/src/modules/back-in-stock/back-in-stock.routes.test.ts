import { BACK_IN_STOCK_MESSAGES as B, CART_MESSAGES, MESSAGES } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backInStockRequests } from '../../db/after-purchase-schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { authHeader, mailsTo, signUp, type TestAccount, uniqueEmail } from '../../test/account-factory.ts';
import { buildProduct, firstColourId } from '../../test/product-factory.ts';
import { createTestApp, createTestClock, RELAXED_RATE_LIMITS, type TestApp } from '../../test/test-app.ts';
import { CONFIRM_LINK_TTL_MS } from './back-in-stock.service.ts';

const PUBLIC_URL = 'https://shop.example.test';
const clock = createTestClock();
let t: TestApp;
let product: string;
let colour: string;

beforeAll(async () => {
  t = await createTestApp(
    { PUBLIC_URL },
    {
      clock,
      rateLimits: {
        limits: {
          ...RELAXED_RATE_LIMITS,
          backInStockPerAccount: { max: 3, windowMs: 60 * 60_000 },
          backInStockPerIp: { max: 40, windowMs: 60 * 60_000 },
        },
      },
    },
  );
  [product] = (await insertProducts(t.database.db, [
    buildProduct({
      name: 'Waited Coat',
      sizes: [
        { size: 'S', stock: 0 },
        { size: 'M', stock: 4 },
        { size: 'L', stock: 0 },
      ],
    }),
  ])) as [string];
  colour = await firstColourId(t.database.db, product);
});
afterAll(async () => await t.close());

const ask = (payload: unknown, { account, ip = '203.0.113.9' }: { account?: TestAccount; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/back-in-stock',
    payload: payload as object,
    remoteAddress: ip,
    headers: account ? authHeader(account.accessToken) : {},
  });
const confirm = (token: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/back-in-stock/confirm', payload: { token } });
const unsubscribe = (token: string) =>
  t.app.inject({ method: 'POST', url: `/api/back-in-stock/unsubscribe?token=${encodeURIComponent(token)}` });

async function requestsOf(email: string) {
  return t.database.db.select().from(backInStockRequests).where(eq(backInStockRequests.email, email));
}
async function tokenMailed(email: string, kind: 'confirm' | 'unsubscribe'): Promise<string> {
  const pattern =
    kind === 'confirm' ? /\/back-in-stock\/confirm\?token=([\w.-]+)/ : /\/back-in-stock\/unsubscribe\?token=([\w.-]+)/;
  for (const mail of await mailsTo(t.database, email)) {
    const token = pattern.exec(mail.text)?.[1];
    if (token) return decodeURIComponent(token);
  }
  throw new Error(`no ${kind} link mailed to ${email}`);
}
const fieldsOf = (body: string) => (JSON.parse(body) as { errors?: { param: string; msg: string }[] }).errors ?? [];

describe('POST /api/back-in-stock as a guest (double opt-in)', () => {
  it('mails a confirmation link with an unsubscribe link; confirming puts the address on the list', async () => {
    const email = uniqueEmail('waiter');
    const answer = await ask({ productId: product, colourId: colour, size: 'S', email: email.toUpperCase() });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ success: true, message: B.checkInbox });
    expect(await requestsOf(email)).toMatchObject([{ status: 'pending', size: 'S', userId: null }]);
    const [mail] = await mailsTo(t.database, email);
    expect(mail?.subject).toBe('Confirm: tell me when Waited Coat (size S) is back');
    expect(mail?.text).toContain(`${PUBLIC_URL}/back-in-stock/confirm?token=`);
    expect(mail?.text).toContain(`${PUBLIC_URL}/back-in-stock/unsubscribe?token=`);
    expect(mail?.headers['List-Unsubscribe']).toMatch(
      /^<https:\/\/shop\.example\.test\/api\/back-in-stock\/unsubscribe\?token=/,
    );

    const token = await tokenMailed(email, 'confirm');
    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, message: B.confirmed });
    expect(await requestsOf(email)).toMatchObject([{ status: 'waiting' }]);
    // A second click on the same link is fine and changes nothing.
    expect((await confirm(token)).statusCode).toBe(200);
    expect(await requestsOf(email)).toMatchObject([{ status: 'waiting' }]);
  });

  it('answers an address already waiting exactly like a new one, and tells its owner by mail', async () => {
    const email = uniqueEmail('again');
    await ask({ productId: product, colourId: colour, size: 'L', email });
    await confirm(await tokenMailed(email, 'confirm'));
    const again = await ask({ productId: product, colourId: colour, size: 'L', email });
    expect(again.json()).toEqual({ success: true, message: B.checkInbox });
    expect(await requestsOf(email)).toHaveLength(1);
    expect((await mailsTo(t.database, email))[0]?.subject).toBe('You are on the list for Waited Coat (size L)');
  });

  it('asking twice before confirming makes one request; the newest link confirms it, and links expire after 48 hours', async () => {
    const email = uniqueEmail('twice');
    await ask({ productId: product, colourId: colour, size: 'S', email });
    const first = await tokenMailed(email, 'confirm');
    await ask({ productId: product, colourId: colour, size: 'S', email });
    const second = await tokenMailed(email, 'confirm');
    expect(second).not.toBe(first);
    expect(await requestsOf(email)).toHaveLength(1);
    expect((await confirm(first)).statusCode).toBe(400);

    clock.advance(CONFIRM_LINK_TTL_MS + 1);
    const late = await confirm(second);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: B.confirmLinkInvalid });
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const base = { productId: product, colourId: colour, size: 'S' };
    const cases: [unknown, string, string][] = [
      [{ ...base }, 'email', MESSAGES.emailRequired],
      [{ ...base, email: 'not-an-email' }, 'email', MESSAGES.emailInvalid],
      [{ ...base, email: `${'a'.repeat(250)}@example.com` }, 'email', MESSAGES.emailInvalid],
      [{ ...base, email: 'x\u0000@example.com' }, 'email', MESSAGES.emailInvalid],
      [{ colourId: colour, size: 'S', email: 'a@example.com' }, 'productId', CART_MESSAGES.productRequired],
      [{ ...base, size: undefined, email: 'a@example.com' }, 'size', B.sizeRequired],
      [{ ...base, size: ' ', email: 'a@example.com' }, 'size', B.sizeRequired],
      [{ ...base, size: 'X'.repeat(33), email: 'a@example.com' }, 'size', B.sizeUnknown],
      [{ ...base, size: ['S'], email: 'a@example.com' }, 'size', B.sizeRequired],
      [{ ...base, size: 'XXL', email: 'a@example.com' }, 'size', B.sizeUnknown],
    ];
    for (const [payload, param, msg] of cases) {
      const answer = await ask(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fieldsOf(answer.body), JSON.stringify(payload)).toContainEqual({ param, msg });
    }
    expect(await requestsOf('a@example.com')).toEqual([]);
  });

  it('answers 404 for a product or colour that does not exist, hostile ids included, and 409 for a size in stock', async () => {
    const email = uniqueEmail('hostile');
    for (const productId of ['00000000-0000-4000-8000-000000000000', "1' or '1'='1", '../../etc/passwd']) {
      const answer = await ask({ productId, colourId: colour, size: 'S', email: uniqueEmail('hostile') });
      expect(answer.statusCode, productId).toBe(404);
    }
    const otherColour = await ask({ productId: product, colourId: product, size: 'S', email });
    expect(otherColour.statusCode).toBe(404);
    expect(fieldsOf(otherColour.body)).toContainEqual({ param: 'colourId', msg: B.colourUnknown });
    const inStock = await ask({ productId: product, colourId: colour, size: 'M', email });
    expect(inStock.statusCode).toBe(409);
    expect(inStock.json()).toMatchObject({ code: 'CONFLICT', message: B.inStockNow });
    expect(await requestsOf(email)).toEqual([]);
  });

  it('limits requests per address like the newsletter form: the fourth in an hour is a 429', async () => {
    const email = uniqueEmail('bomb');
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await ask({ productId: product, colourId: colour, size: 'S', email }, { ip: '198.51.100.3' })).statusCode,
      ).toBe(200);
    }
    const refused = await ask({ productId: product, colourId: colour, size: 'S', email }, { ip: '198.51.100.3' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('POST /api/back-in-stock signed in', () => {
  it("puts the account's address on the list in one tap, with no confirmation mail", async () => {
    const shopper = await signUp(t.app);
    const answer = await ask({ productId: product, colourId: colour, size: 'L' }, { account: shopper });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ success: true, message: B.onTheList(shopper.email) });
    expect(await requestsOf(shopper.email)).toMatchObject([{ status: 'waiting', userId: shopper.userId, size: 'L' }]);
    expect((await mailsTo(t.database, shopper.email)).map((mail) => mail.subject)).not.toContainEqual(
      expect.stringMatching(/Waited Coat/),
    );
    // Tapping again changes nothing.
    expect((await ask({ productId: product, colourId: colour, size: 'L' }, { account: shopper })).statusCode).toBe(200);
    expect(await requestsOf(shopper.email)).toHaveLength(1);
  });

  it('takes up a pending guest request for the same address', async () => {
    const account = await signUp(t.app);
    await ask({ productId: product, colourId: colour, size: 'S', email: account.email });
    await ask({ productId: product, colourId: colour, size: 'S' }, { account });
    expect(await requestsOf(account.email)).toMatchObject([{ status: 'waiting', userId: account.userId }]);
  });

  it('answers 401 to a token that is not good, rather than treating the caller as a guest', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/back-in-stock',
      payload: { productId: product, colourId: colour, size: 'S', email: 'someone@example.com' },
      headers: authHeader('forged.token.value'),
    });
    expect(answer.statusCode).toBe(401);
  });
});

describe('POST /api/back-in-stock/confirm and /unsubscribe', () => {
  it('refuse a missing, empty, overlong or unknown token with a 400', async () => {
    expect(fieldsOf((await confirm(undefined)).body)).toContainEqual({ param: 'token', msg: B.noToken });
    expect(fieldsOf((await confirm('  ')).body)).toContainEqual({ param: 'token', msg: B.noToken });
    expect((await confirm('x'.repeat(201))).statusCode).toBe(400);
    expect((await confirm({ $ne: null })).statusCode).toBe(400);
    expect((await confirm('unknown-token')).json()).toMatchObject({ message: B.confirmLinkInvalid });
    expect((await t.app.inject({ method: 'POST', url: '/api/back-in-stock/unsubscribe' })).statusCode).toBe(400);
    for (const token of ['nope', `${colour}.forged`, `${colour}.`, 'a.b.c']) {
      const answer = await unsubscribe(token);
      expect(answer.statusCode, token).toBe(400);
      expect(answer.json()).toMatchObject({ message: B.unsubscribeLinkInvalid });
    }
  });

  it('unsubscribe cancels every open request of the address, in one click from a mail client too', async () => {
    const email = uniqueEmail('leaver');
    await ask({ productId: product, colourId: colour, size: 'S', email });
    await confirm(await tokenMailed(email, 'confirm'));
    await ask({ productId: product, colourId: colour, size: 'L', email });
    const token = await tokenMailed(email, 'unsubscribe');
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/back-in-stock/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toEqual({ success: true, message: B.unsubscribed });
    expect((await requestsOf(email)).map((row) => row.status)).toEqual(['cancelled', 'cancelled']);
    expect((await unsubscribe(token)).statusCode).toBe(200);
    // A confirmation link mailed before no longer revives it.
    expect((await confirm(await tokenMailed(email, 'confirm'))).statusCode).toBe(400);
  });
});
