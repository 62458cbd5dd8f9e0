import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSizes } from '../../db/schema.ts';
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
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Transactions on separate connections wait on each other's row locks. Checkout locks each variant's row (decision 043): a lock held
// on one colour holds up that colour's sales only.

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

let t: TestApp;
let tee: string;
let sage: string;
let navy: string;

beforeAll(async () => {
  // No webhooks: only the customer's own confirmation writes the order.
  t = await createTestApp({}, { payments: { webhookDelivery: createWebhookDelivery({ mode: 'none' }) } });
  [tee] = (await insertProducts(t.database.db, [
    buildProduct({
      name: 'Locked Tee',
      sizes: [],
      colours: [
        { name: 'Sage', swatch: '#9aab8f', images: [], sizes: [{ size: 'M', stock: 5 }] },
        { name: 'Navy', swatch: '#1f2f4a', images: [], sizes: [{ size: 'M', stock: 5 }] },
      ],
    }),
  ])) as [string];
  [sage, navy] = (await coloursOfProduct(t.database.db, tee)).map((c) => c.id) as [string, string];
});

afterAll(async () => {
  await t?.close();
});

/** A customer who has paid for one unit of the colour in M; the order is not written yet. */
async function paidFor(colourId: string) {
  const customer = await verifiedShopper(t.app, t.database);
  await putInCart(t.database, customer.userId, tee, 'M', 1, colourId);
  const intent = await createIntentOk(t.app, customer.accessToken);
  await payWithCard(t.app, intent);
  return () => confirmOrder(t.app, customer.accessToken, intent.paymentIntentId);
}

/** Holds the row lock of one variant in a transaction of its own until `release` is called. */
async function holdLock(colourId: string) {
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
      .where(and(eq(productSizes.productId, tee), eq(productSizes.colourId, colourId), eq(productSizes.size, 'M')))
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

describe('checkout locks one variant at a time', () => {
  it('sells a colour while another colour of the same size is locked', async () => {
    const confirm = await paidFor(navy);
    const unlock = await holdLock(sage);
    try {
      const response = await confirm();
      expect(response.statusCode, response.body).toBe(200);
      expect(await stockOf(t.database, tee, 'M', navy)).toBe(4);
    } finally {
      await unlock();
    }
  });

  it('waits for a lock on the same variant, then sells', async () => {
    const confirm = await paidFor(sage);
    const unlock = await holdLock(sage);
    const answer = confirm();
    try {
      // The confirmation reaches the locked row and waits there.
      await expect.poll(sessionsWaitingOnALock, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await stockOf(t.database, tee, 'M', sage)).toBe(5);
    } finally {
      await unlock();
    }
    const response = await answer;
    expect(response.statusCode, response.body).toBe(200);
    expect(await stockOf(t.database, tee, 'M', sage)).toBe(4);
  });
});
