import { CHECKOUT_MESSAGES as M } from '@shopper/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orders, paymentIntents, testProviderIntents } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import {
  confirmOrder,
  createIntentOk,
  payWithCard,
  putInCart,
  stockOf,
  verifiedShopper,
} from '../../test/checkout-factory.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  // Webhooks on, as in production: they race the browsers' confirmations too.
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

it('20 customers paying at once for the last 5 units: exactly 5 orders, 15 released, stock 0', async () => {
  const [hoodie] = (await insertProducts(t.database.db, [
    buildProduct({ name: 'Limited Hoodie', sizes: [{ size: 'M', stock: 5 }] }),
  ])) as [string];
  const customers = [];
  for (let i = 0; i < 20; i += 1) {
    const customer = await verifiedShopper(t.app, t.database);
    await putInCart(t.database, customer.userId, hoodie, 'M', 1);
    customers.push(customer);
  }

  const results = await Promise.all(
    customers.map(async (customer) => {
      const intent = await createIntentOk(t.app, customer.accessToken);
      await payWithCard(t.app, intent);
      const response = await confirmOrder(t.app, customer.accessToken, intent.paymentIntentId);
      return { intent, response };
    }),
  );

  const won = results.filter((r) => r.response.statusCode === 200);
  const lost = results.filter((r) => r.response.statusCode !== 200);
  expect(won).toHaveLength(5);
  expect(lost).toHaveLength(15);
  for (const { response } of lost) {
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', message: M.soldOutWhilePaying('Limited Hoodie', 'M') });
  }
  expect(await stockOf(t.database, hoodie, 'M')).toBe(0);

  const ids = results.map((r) => r.intent.paymentIntentId);
  const written = await t.database.db.select().from(orders).where(inArray(orders.paymentIntentId, ids));
  expect(written).toHaveLength(5);
  expect(new Set(written.map((o) => o.paymentIntentId)).size).toBe(5);

  const lostIds = new Set(lost.map((r) => r.intent.paymentIntentId));
  const remote = await t.database.db.select().from(testProviderIntents).where(inArray(testProviderIntents.id, ids));
  for (const intent of remote) {
    if (lostIds.has(intent.id)) expect(intent).toMatchObject({ status: 'canceled', amountReceivedCents: 0 });
    else expect(intent).toMatchObject({ status: 'succeeded', amountReceivedCents: intent.amountCents });
  }
  const ours = await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.status, 'canceled'));
  expect(ours.filter((i) => lostIds.has(i.id))).toHaveLength(15);
});
