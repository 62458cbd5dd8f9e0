import { ADMIN_CATALOG_MESSAGES as M } from '@shopper/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, productColours, productSizes } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { createWebhookDelivery } from '../../payments/test-provider/webhook-delivery.ts';
import {
  confirmOrder,
  createIntentOk,
  payWithCard,
  putInCart,
  stockOf,
  verifiedShopper,
} from '../../test/checkout-factory.ts';
import { buildProduct, coloursOfProduct } from '../../test/product-factory.ts';
import { backOfficeCast, type BackOfficeCast } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Changes on separate connections wait on each other's locks. A back-office change of a product and an order being written for it meet on
// the product's row and its variants' rows; these races must end in one consistent state, never in
// a deadlock or an order line whose colour vanished.

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

let t: TestApp;
let cast: BackOfficeCast;

beforeAll(async () => {
  // No webhooks: only the customer's own confirmation writes the order.
  t = await createTestApp({}, { payments: { webhookDelivery: createWebhookDelivery({ mode: 'none' }) } });
  cast = await backOfficeCast(t.app, t.database);
});

afterAll(async () => {
  await t?.close();
});

async function twoColourTee(): Promise<{ tee: string; sage: string; navy: string }> {
  const [tee] = (await insertProducts(t.database.db, [
    buildProduct({
      name: 'Raced Tee',
      sizes: [],
      colours: [
        { name: 'Sage', swatch: '#9aab8f', images: [], sizes: [{ size: 'M', stock: 5 }] },
        { name: 'Navy', swatch: '#1f2f4a', images: [], sizes: [{ size: 'M', stock: 5 }] },
      ],
    }),
  ])) as [string];
  const [sage, navy] = (await coloursOfProduct(t.database.db, tee)).map((c) => c.id) as [string, string];
  return { tee, sage, navy };
}

/** A customer who has paid for one unit of the colour in M; the order is not written yet. */
async function paidFor(productId: string, colourId: string) {
  const customer = await verifiedShopper(t.app, t.database);
  await putInCart(t.database, customer.userId, productId, 'M', 1, colourId);
  const intent = await createIntentOk(t.app, customer.accessToken);
  await payWithCard(t.app, intent);
  return () => confirmOrder(t.app, customer.accessToken, intent.paymentIntentId);
}

/** Holds the row lock of one variant in a transaction of its own until the answer is called. */
async function holdLock(productId: string, colourId: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked = () => {};
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const done = t.database.db.transaction(async (tx) => {
    await tx
      .select()
      .from(productSizes)
      .where(
        and(eq(productSizes.productId, productId), eq(productSizes.colourId, colourId), eq(productSizes.size, 'M')),
      )
      .for('update');
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await done;
  };
}

async function sessionsWaitingOnALock(): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.database.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    ),
  );
  return row?.n ?? 0;
}

describe('colours and orders written at the same time', () => {
  it('refuses to remove a colour whose order was being written: the order keeps its colour', async () => {
    const { tee, navy } = await twoColourTee();
    const confirm = await paidFor(tee, navy);
    const unlock = await holdLock(tee, navy);
    let removal: Promise<LightMyRequestResponse> | undefined;
    try {
      const order = confirm();
      await expect.poll(sessionsWaitingOnALock, { timeout: 10_000 }).toBe(1);
      removal = t.app.inject({
        method: 'DELETE',
        url: `/api/admin/products/${tee}/colours/${navy}`,
        headers: cast.staff.headers,
      });
      // The removal queues behind the order on the variant's row.
      await expect.poll(sessionsWaitingOnALock, { timeout: 10_000 }).toBe(2);
      await unlock();
      const written = await order;
      expect(written.statusCode, written.body).toBe(200);
    } finally {
      await unlock();
    }
    const refused = await removal;
    expect(refused?.statusCode, refused?.body).toBe(409);
    expect(refused?.json().message).toBe(M.colourHasOpenOrders);
    const lines = await t.database.db.select().from(orderItems).where(eq(orderItems.productId, tee));
    expect(lines.map((line) => [line.colourId, line.colourName])).toEqual([[navy, 'Navy']]);
    expect(await t.database.db.select().from(productColours).where(eq(productColours.id, navy))).toHaveLength(1);
    expect(await stockOf(t.database, tee, 'M', navy)).toBe(4);
  });

  it('lets an order be written while staff edit the product and wait on the variant it sells', async () => {
    const { tee, sage } = await twoColourTee();
    const confirm = await paidFor(tee, sage);
    const unlock = await holdLock(tee, sage);
    let edit: Promise<LightMyRequestResponse> | undefined;
    let order: ReturnType<typeof confirm> | undefined;
    try {
      order = confirm();
      await expect.poll(sessionsWaitingOnALock, { timeout: 10_000 }).toBe(1);
      // The edit locks the product and waits on the variant the order holds: both must finish.
      edit = t.app.inject({
        method: 'PATCH',
        url: `/api/admin/products/${tee}`,
        headers: cast.staff.headers,
        payload: { name: 'Raced Tee II', sizes: ['M', 'L'] },
      });
      await expect.poll(sessionsWaitingOnALock, { timeout: 10_000 }).toBe(2);
    } finally {
      await unlock();
    }
    const [written, edited] = await Promise.all([order, edit]);
    expect(written?.statusCode, written?.body).toBe(200);
    expect(edited?.statusCode, edited?.body).toBe(200);
    expect(edited?.json().product.sizes).toEqual([
      { size: 'M', stock: 9 },
      { size: 'L', stock: 0 },
    ]);
  });
});
