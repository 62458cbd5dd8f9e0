import { CHECKOUT_MESSAGES as M } from '@shopper/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { buildProduct, coloursOfProduct } from '../../test/product-factory.ts';
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

describe('the last unit of a colour', () => {
  async function twoColourTee(name: string, stock: { sage: number; navy: number }) {
    const [tee] = (await insertProducts(t.database.db, [
      buildProduct({
        name,
        sizes: [],
        colours: [
          { name: 'Sage', swatch: '#9aab8f', images: [], sizes: [{ size: 'M', stock: stock.sage }] },
          { name: 'Navy', swatch: '#1f2f4a', images: [], sizes: [{ size: 'M', stock: stock.navy }] },
        ],
      }),
    ])) as [string];
    const [sage, navy] = (await coloursOfProduct(t.database.db, tee)).map((c) => c.id) as [string, string];
    return { tee, sage, navy };
  }

  async function payAtOnce(carts: { productId: string; colourId: string }[]) {
    const customers = [];
    for (const line of carts) {
      const customer = await verifiedShopper(t.app, t.database);
      await putInCart(t.database, customer.userId, line.productId, 'M', 1, line.colourId);
      customers.push(customer);
    }
    return Promise.all(
      customers.map(async (customer) => {
        const intent = await createIntentOk(t.app, customer.accessToken);
        await payWithCard(t.app, intent);
        return confirmOrder(t.app, customer.accessToken, intent.paymentIntentId);
      }),
    );
  }

  it('two customers paying at once for the last unit of one colour and size: one order, the other colour untouched', async () => {
    const { tee, sage, navy } = await twoColourTee('Last Sage Tee', { sage: 1, navy: 4 });
    const answers = await payAtOnce([
      { productId: tee, colourId: sage },
      { productId: tee, colourId: sage },
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.statusCode === 409);
    expect(lost?.json()).toMatchObject({ message: M.soldOutWhilePaying('Last Sage Tee (Sage)', 'M') });
    expect(await stockOf(t.database, tee, 'M', sage)).toBe(0);
    expect(await stockOf(t.database, tee, 'M', navy)).toBe(4);
  });

  it('customers buying the last unit of different colours of one size all get their orders', async () => {
    const { tee, sage, navy } = await twoColourTee('Last Pair Tee', { sage: 1, navy: 1 });
    const answers = await payAtOnce([
      { productId: tee, colourId: sage },
      { productId: tee, colourId: navy },
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(await stockOf(t.database, tee, 'M', sage)).toBe(0);
    expect(await stockOf(t.database, tee, 'M', navy)).toBe(0);
  });
});
