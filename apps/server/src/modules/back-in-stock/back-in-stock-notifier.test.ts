import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backInStockRequests } from '../../db/after-purchase-schema.ts';
import { productSizes } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { authHeader, mailsTo, signUp, uniqueEmail } from '../../test/account-factory.ts';
import { buildProduct, coloursOfProduct } from '../../test/product-factory.ts';
import { type StaffAccount, signUpStaff } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createCatalogService } from '../catalog/index.ts';
import { createUnsubscribeTokens } from './back-in-stock-links.ts';
import { type BackInStockNotifier, createBackInStockNotifier } from './back-in-stock-notifier.ts';

// The same secret as the test app's, so the links the notifier writes work against it.
const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
const PUBLIC_URL = 'https://shop.example.test';
let t: TestApp;
let staff: StaffAccount;
let product: string;
let sage: { id: string; slug: string };

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  [product] = (await insertProducts(t.database.db, [
    buildProduct({
      name: 'Linen Shirt',
      slug: 'linen-shirt-waited',
      colours: [
        {
          name: 'Sage',
          swatch: '#9aab8f',
          images: [],
          sizes: [
            { size: 'S', stock: 0 },
            { size: 'M', stock: 0 },
          ],
        },
        {
          name: 'Sand',
          swatch: '#d8c8a8',
          images: [],
          sizes: [
            { size: 'S', stock: 3 },
            { size: 'M', stock: 0 },
          ],
        },
      ],
    }),
  ])) as [string];
  const [first] = await coloursOfProduct(t.database.db, product);
  sage = { id: first!.id, slug: first!.slug };
  staff = await signUpStaff(t.app, t.database, 'staff');
});
afterAll(async () => await t.close());

function notifier(): BackInStockNotifier {
  return createBackInStockNotifier({
    db: t.database.db,
    catalog: createCatalogService({ db: t.database.db }),
    tokens: createUnsubscribeTokens(JWT_SECRET),
    publicUrl: PUBLIC_URL,
    clock: () => new Date(),
    log: { error: (...args: unknown[]) => console.error(...args) },
  });
}

/** The back office's stock adjustment, as staff make it. */
async function setStock(size: string, quantity: number) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/admin/stock/adjustments',
    headers: staff.headers,
    payload: { productId: product, colourId: sage.id, size, quantity, reason: 'adjustment', note: 'count' },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

async function signedInWaiter(size: string) {
  const account = await signUp(t.app);
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/back-in-stock',
    headers: authHeader(account.accessToken),
    payload: { productId: product, colourId: sage.id, size },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return account.email;
}

async function guestWaiter(size: string, { confirmed }: { confirmed: boolean }) {
  const email = uniqueEmail('guest');
  await t.app.inject({
    method: 'POST',
    url: '/api/back-in-stock',
    payload: { productId: product, colourId: sage.id, size, email },
  });
  if (confirmed) {
    const [mail] = await mailsTo(t.database, email);
    const token = /\/back-in-stock\/confirm\?token=([\w.-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/back-in-stock/confirm', payload: { token } })).statusCode,
    ).toBe(200);
  }
  return email;
}

const backMails = async (email: string) =>
  (await mailsTo(t.database, email)).filter((mail) => mail.subject.endsWith('is back in stock'));

describe('the back-in-stock notifier', () => {
  it('a back-office adjustment 0 → N mails each confirmed waiter exactly once, with the colour and size chosen', async () => {
    const account = await signedInWaiter('S');
    const guest = await guestWaiter('S', { confirmed: true });
    const unconfirmed = await guestWaiter('S', { confirmed: false });
    const otherSize = await signedInWaiter('M');

    await setStock('S', 4);
    expect(await notifier().notifyDue()).toBe(2);
    expect(await notifier().notifyDue()).toBe(0);

    for (const email of [account, guest]) {
      const mails = await backMails(email);
      expect(mails, email).toHaveLength(1);
      expect(mails[0]?.subject).toBe('Linen Shirt (Sage, size S) is back in stock');
      expect(mails[0]?.text).toContain(`${PUBLIC_URL}/products/linen-shirt-waited?colour=${sage.slug}&size=S`);
      expect(mails[0]?.text).toContain(`${PUBLIC_URL}/back-in-stock/unsubscribe?token=`);
      expect(mails[0]?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    }
    expect(await backMails(unconfirmed)).toEqual([]);
    expect(await backMails(otherSize)).toEqual([]);
    const [done] = await t.database.db.select().from(backInStockRequests).where(eq(backInStockRequests.email, account));
    expect(done).toMatchObject({ status: 'notified' });
    expect(done?.notifiedAt).toBeInstanceOf(Date);
  });

  it('stock that flickers 0 → 1 → 0 → 1, before or after the mail, sends it once', async () => {
    const early = await signedInWaiter('M');
    await setStock('M', 1);
    await setStock('M', 0);
    await setStock('M', 1);
    expect(await notifier().notifyDue()).toBeGreaterThanOrEqual(1);
    await setStock('M', 0);
    await setStock('M', 2);
    await notifier().notifyDue();
    expect(await backMails(early)).toHaveLength(1);

    // Done once notified: a new request is needed for the next time.
    await setStock('M', 0);
    const again = await t.database.db
      .select()
      .from(backInStockRequests)
      .where(and(eq(backInStockRequests.email, early), eq(backInStockRequests.status, 'notified')));
    expect(again).toHaveLength(1);
  });

  it('two workers claiming at once mail each request once', async () => {
    await setStock('S', 0);
    const waiters = await Promise.all(Array.from({ length: 6 }, () => signedInWaiter('S')));
    await setStock('S', 5);
    const [a, b] = await Promise.all([notifier().notifyDue(), notifier().notifyDue()]);
    expect((a ?? 0) + (b ?? 0)).toBe(6);
    for (const email of waiters) expect(await backMails(email), email).toHaveLength(1);
  });

  it('any writer of stock counts (a return restocked or an import runs SQL): the trigger, not the route, marks them due', async () => {
    await setStock('S', 0);
    const email = await signedInWaiter('S');
    await t.database.db
      .update(productSizes)
      .set({ stock: sql`${productSizes.stock} + 1` })
      .where(and(eq(productSizes.productId, product), eq(productSizes.colourId, sage.id), eq(productSizes.size, 'S')));
    await notifier().notifyDue();
    expect(await backMails(email)).toHaveLength(1);
  });

  it('a guest who confirms after the size came back is mailed at once; one who unsubscribed is not mailed', async () => {
    await setStock('S', 0);
    const late = await guestWaiter('S', { confirmed: false });
    const leaver = await guestWaiter('S', { confirmed: true });
    const [mail] = await mailsTo(t.database, leaver);
    const token = /\/back-in-stock\/unsubscribe\?token=([\w.-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/back-in-stock/unsubscribe?token=${token}` })).statusCode,
    ).toBe(200);
    await setStock('S', 2);
    await notifier().notifyDue();
    expect(await backMails(leaver)).toEqual([]);

    const [confirmMail] = await mailsTo(t.database, late);
    const confirmToken = /\/back-in-stock\/confirm\?token=([\w.-]+)/.exec(confirmMail?.text ?? '')?.[1] ?? '';
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/back-in-stock/confirm', payload: { token: confirmToken } }))
        .statusCode,
    ).toBe(200);
    await notifier().notifyDue();
    expect(await backMails(late)).toHaveLength(1);
  });
});
