import {
  ADMIN_MESSAGES,
  HomeFiguresSchema,
  StockAdjustmentAnswerSchema,
  StockMovementsPageSchema,
} from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productColours } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { stockOf } from '../../test/checkout-factory.ts';
import { buildProduct, coloursOfProduct } from '../../test/product-factory.ts';
import { assertShopInvariants } from '../../test/shop-invariants.ts';
import { backOfficeCast, type BackOfficeCast } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Stock adjustments, the ledger and Home's low stock for products in several colours (decision 043). */

let t: TestApp;
let cast: BackOfficeCast;
let shirt: string;
let plain: string;
let sage: string;
let navy: string;
let plainColour: string;

beforeAll(async () => {
  t = await createTestApp();
  cast = await backOfficeCast(t.app, t.database);
  [shirt, plain] = (await insertProducts(t.database.db, [
    buildProduct({
      name: 'Stock Shirt',
      sizes: [],
      colours: [
        { name: 'Sage', swatch: '#9aab8f', images: [], sizes: [{ size: 'M', stock: 20 }] },
        { name: 'Navy', swatch: '#1f2f4a', images: [], sizes: [{ size: 'M', stock: 3 }] },
      ],
    }),
    buildProduct({ name: 'Stock Plain', sizes: [{ size: 'M', stock: 20 }] }),
  ])) as [string, string];
  [sage, navy] = (await coloursOfProduct(t.database.db, shirt)).map((c) => c.id) as [string, string];
  plainColour = (await coloursOfProduct(t.database.db, plain))[0]!.id;
});
afterAll(async () => {
  await assertShopInvariants(t.database.db, 'the colour adjustments');
  await t.close();
});

const adjust = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/admin/stock/adjustments', headers: cast.staff.headers, payload });

describe('POST /api/admin/stock/adjustments with colours', () => {
  it('needs the colour of a product in several: 400 on colourId', async () => {
    const response = await adjust({ productId: shirt, size: 'M', delta: 1, reason: 'adjustment', note: 'Counted' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: ADMIN_MESSAGES.colourRequired,
      errors: [{ param: 'colourId', msg: ADMIN_MESSAGES.colourRequired }],
    });
    expect(await stockOf(t.database, shirt, 'M', sage)).toBe(20);
  });

  it('refuses a colour of another product with 400 on colourId', async () => {
    for (const colourId of [plainColour, '00000000-0000-4000-8000-000000000000']) {
      const response = await adjust({
        productId: shirt,
        colourId,
        size: 'M',
        delta: 1,
        reason: 'adjustment',
        note: 'Counted',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errors: [{ param: 'colourId', msg: ADMIN_MESSAGES.colourNotFound }] });
    }
  });

  it('changes the named colour only, names it, and ledgers the movement on it', async () => {
    const response = await adjust({
      productId: shirt,
      colourId: navy,
      size: 'M',
      quantity: 7,
      reason: 'adjustment',
      note: 'Counted',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = StockAdjustmentAnswerSchema.parse(response.json());
    expect(answer.message).toBe(ADMIN_MESSAGES.stockAdjusted('M (Navy)', 7));
    expect(answer.movement).toMatchObject({ colourId: navy, colourName: 'Navy', size: 'M', delta: 4, stockAfter: 7 });
    expect(await stockOf(t.database, shirt, 'M', navy)).toBe(7);
    expect(await stockOf(t.database, shirt, 'M', sage)).toBe(20);
    const below = await adjust({
      productId: shirt,
      colourId: navy,
      size: 'M',
      delta: -8,
      reason: 'adjustment',
      note: 'Counted',
    });
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toBe(ADMIN_MESSAGES.stockBelowZero('M (Navy)', 7));
  });

  it('keeps the size-only texts for a product in one colour, with or without its colour', async () => {
    const without = await adjust({ productId: plain, size: 'M', delta: -1, reason: 'adjustment', note: 'Damaged' });
    expect(without.statusCode, without.body).toBe(200);
    expect(without.json().message).toBe(ADMIN_MESSAGES.stockAdjusted('M', 19));
    const named = await adjust({
      productId: plain,
      colourId: plainColour,
      size: 'M',
      delta: -1,
      reason: 'adjustment',
      note: 'Damaged',
    });
    expect(named.json().message).toBe(ADMIN_MESSAGES.stockAdjusted('M', 18));
    expect(named.json().movement).toMatchObject({ colourId: plainColour, colourName: 'Standard' });
  });

  it('filters the ledger by colour', async () => {
    const page = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/stock/movements?productId=${shirt}${query}`,
        headers: cast.staff.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return StockMovementsPageSchema.parse(response.json());
    };
    const all = await page('');
    expect(new Set(all.items.map((m) => m.colourName))).toEqual(new Set(['Sage', 'Navy']));
    const navyOnly = await page(`&colourId=${navy}&size=M`);
    expect(navyOnly.items.map((m) => [m.colourName, m.delta, m.reason])).toEqual([
      ['Navy', 4, 'adjustment'],
      ['Navy', 3, 'import'],
    ]);
  });
});

describe('Home’s low stock with colours', () => {
  it('names the colour of a product in several, and none for a product in one', async () => {
    const [lone] = (await insertProducts(t.database.db, [
      buildProduct({ name: 'Low Plain', sizes: [{ size: 'S', stock: 1 }] }),
    ])) as [string];
    const [lowShirt] = (await insertProducts(t.database.db, [
      buildProduct({
        name: 'Low Shirt',
        sizes: [],
        colours: [
          { name: 'Rose', swatch: '#ffc0cb', images: [], sizes: [{ size: 'S', stock: 2 }] },
          { name: 'Hidden', swatch: '#000000', images: [], sizes: [{ size: 'S', stock: 0 }] },
          { name: 'Plenty', swatch: '#ffffff', images: [], sizes: [{ size: 'S', stock: 50 }] },
        ],
      }),
    ])) as [string];
    const [rose, hidden] = await coloursOfProduct(t.database.db, lowShirt);
    await t.database.db.update(productColours).set({ hiddenAt: new Date() }).where(eq(productColours.id, hidden!.id));
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/home', headers: cast.staff.headers });
    expect(response.statusCode, response.body).toBe(200);
    const home = HomeFiguresSchema.parse(response.json());
    const low = home.lowStock.filter((s) => s.productId === lone || s.productId === lowShirt);
    expect(low.map((s) => [s.name, s.colourName, s.size, s.stock])).toEqual([
      ['Low Plain', '', 'S', 1],
      ['Low Shirt', 'Rose', 'S', 2],
    ]);
    expect(low[1]?.colourId).toBe(rose!.id);
  });
});
