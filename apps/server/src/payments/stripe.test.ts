import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema.ts';
import { insertProducts } from '../db/seed/seed-catalog.ts';
import { authHeader } from '../test/account-factory.ts';
import { confirmOrder, createIntentOk, putInCart, verifiedShopper } from '../test/checkout-factory.ts';
import { buildProduct } from '../test/product-factory.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createStripeProvider } from './stripe.ts';

type StandInIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  capture_method: string;
  client_secret: string;
  amount_capturable: number;
  amount_received: number;
  metadata: Record<string, string>;
  payment_method: null | { id: string; object: 'payment_method'; card: { brand: string; last4: string } };
  last_payment_error: null | { code: string; decline_code?: string; message: string };
};

/** A local stand-in of the parts of Stripe's HTTP API the adapter uses; nothing leaves the machine. */
function stripeStandIn() {
  const intents = new Map<string, StandInIntent>();
  const calls: string[] = [];
  let next = 0;

  const read = (request: IncomingMessage) =>
    new Promise<URLSearchParams>((resolve) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => resolve(new URLSearchParams(text)));
    });

  const server: Server = createServer((request, response) => {
    void (async () => {
      const form = await read(request);
      const url = new URL(request.url ?? '/', 'http://stand-in');
      calls.push(`${request.method} ${url.pathname}`);
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const unexpected = (intent: StandInIntent) =>
        send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `This PaymentIntent's status is ${intent.status}.`,
          },
        });
      if (request.headers.authorization !== 'Bearer sk_test_standin')
        return send(401, { error: { type: 'invalid_request_error', message: 'bad key' } });

      if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
        next += 1;
        const id = `pi_standin_${next}`;
        const intent: StandInIntent = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? '',
          status: 'requires_payment_method',
          capture_method: form.get('capture_method') ?? 'automatic',
          client_secret: `${id}_secret_x`,
          amount_capturable: 0,
          amount_received: 0,
          metadata: { userId: form.get('metadata[userId]') ?? '' },
          payment_method: null,
          last_payment_error: null,
        };
        intents.set(id, intent);
        return send(200, intent);
      }
      const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(url.pathname);
      const intent = match ? intents.get(match[1]!) : undefined;
      if (!intent) {
        return send(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' },
        });
      }
      if (match?.[2] === 'capture') {
        if (intent.status !== 'requires_capture') return unexpected(intent);
        Object.assign(intent, { status: 'succeeded', amount_received: intent.amount_capturable, amount_capturable: 0 });
      } else if (match?.[2] === 'cancel') {
        if (!['requires_payment_method', 'requires_capture', 'requires_action'].includes(intent.status))
          return unexpected(intent);
        Object.assign(intent, { status: 'canceled', amount_capturable: 0 });
      }
      return send(200, intent);
    })();
  });

  return {
    intents,
    calls,
    async start(): Promise<number> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as AddressInfo).port;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** What Stripe.js does in the browser when the card is confirmed. */
    authorize(id: string, last4 = '4242') {
      const intent = intents.get(id)!;
      Object.assign(intent, {
        status: 'requires_capture',
        amount_capturable: intent.amount,
        payment_method: { id: 'pm_standin', object: 'payment_method', card: { brand: 'visa', last4 } },
      });
    },
  };
}

const KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
  STRIPE_WEBHOOK_SECRET: 'whsec_standin',
};
const signer = new Stripe('sk_test_unused');

let standIn: ReturnType<typeof stripeStandIn>;
let port: number;
let t: TestApp;
let product: string;

beforeAll(async () => {
  standIn = stripeStandIn();
  port = await standIn.start();
  t = await createTestApp(KEYS, { payments: { stripeConnection: { host: '127.0.0.1', port, protocol: 'http' } } });
  [product] = (await insertProducts(t.database.db, [
    buildProduct({ name: 'Stripe Tee', priceCents: 2_000, sizes: [{ size: 'M', stock: 10 }] }),
  ])) as [string];
});

afterAll(async () => {
  await t.close();
  await standIn.close();
});

function webhook(type: string, intentId: string, eventId: string, secret = KEYS.STRIPE_WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    data: { object: { id: intentId, object: 'payment_intent' } },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}

describe('Stripe adapter against a local stand-in', () => {
  it('publishes the Stripe key to the browser and has no test-provider routes', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/payment/config' });
    expect(config.json()).toEqual({ success: true, provider: 'stripe', publishableKey: 'pk_test_standin' });
    const testRoute = await t.app.inject({
      method: 'POST',
      url: '/api/test-provider/payment_intents/pi_x/confirm',
      payload: {},
    });
    expect(testRoute.statusCode).toBe(404);
  });

  it('creates a manual-capture intent, completes the order from a signed webhook, then captures', async () => {
    const shopper = await verifiedShopper(t.app, t.database);
    await putInCart(t.database, shopper.userId, product, 'M', 2);
    const intent = await createIntentOk(t.app, shopper.accessToken);
    const remote = standIn.intents.get(intent.paymentIntentId)!;
    expect(remote).toMatchObject({ amount: 4_320, currency: 'usd', capture_method: 'manual' });
    expect(remote.metadata.userId).toBe(shopper.userId);
    expect(intent.clientSecret).toBe(remote.client_secret);

    standIn.authorize(intent.paymentIntentId);
    const first = await webhook('payment_intent.amount_capturable_updated', intent.paymentIntentId, 'evt_1');
    expect(first.statusCode, first.body).toBe(200);
    const again = await webhook('payment_intent.amount_capturable_updated', intent.paymentIntentId, 'evt_1');
    expect(again.json()).toMatchObject({ duplicate: true });
    expect(standIn.intents.get(intent.paymentIntentId)).toMatchObject({ status: 'succeeded', amount_received: 4_320 });

    const response = await confirmOrder(t.app, shopper.accessToken, intent.paymentIntentId);
    expect(response.json()).toMatchObject({
      order: { totalAmount: 43.2, paymentInfo: { status: 'succeeded', brand: 'visa', last4: '4242' } },
    });
    const written = await t.database.db.select().from(orders).where(eq(orders.paymentIntentId, intent.paymentIntentId));
    expect(written).toHaveLength(1);
  });

  it('refuses a webhook signed with another secret', async () => {
    const shopper = await verifiedShopper(t.app, t.database);
    await putInCart(t.database, shopper.userId, product, 'M', 1);
    const intent = await createIntentOk(t.app, shopper.accessToken);
    standIn.authorize(intent.paymentIntentId);
    const forged = await webhook('payment_intent.succeeded', intent.paymentIntentId, 'evt_2', 'whsec_attacker');
    expect(forged.statusCode).toBe(400);
    const written = await t.database.db.select().from(orders).where(eq(orders.paymentIntentId, intent.paymentIntentId));
    expect(written).toEqual([]);
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/payment/cart-summary',
      headers: authHeader(shopper.accessToken),
    });
    expect(summary.statusCode).toBe(200);
  });

  it('retrieves, captures and cancels idempotently, and maps an unknown intent to 404', async () => {
    const provider = createStripeProvider({
      secretKey: KEYS.STRIPE_SECRET_KEY,
      publishableKey: KEYS.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: KEYS.STRIPE_WEBHOOK_SECRET,
      connection: { host: '127.0.0.1', port, protocol: 'http' },
    });
    const created = await provider.createIntent({
      amountCents: 999,
      currency: 'usd',
      metadata: {},
      captureMethod: 'manual',
    });
    expect(await provider.retrieveIntent(created.id)).toMatchObject({
      status: 'requires_payment_method',
      amountCents: 999,
    });
    standIn.authorize(created.id, '0005');
    expect(await provider.captureIntent(created.id)).toMatchObject({ status: 'succeeded', amountReceivedCents: 999 });
    expect(await provider.captureIntent(created.id)).toMatchObject({ status: 'succeeded' });

    const other = await provider.createIntent({
      amountCents: 500,
      currency: 'usd',
      metadata: {},
      captureMethod: 'manual',
    });
    expect(await provider.cancelIntent(other.id)).toMatchObject({ status: 'canceled' });
    expect(await provider.cancelIntent(other.id)).toMatchObject({ status: 'canceled' });
    await expect(provider.retrieveIntent('pi_missing')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('provider choice', () => {
  it('refuses some but not all Stripe settings', async () => {
    const { readConfig } = await import('../config.ts');
    expect(() => readConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/set all three/);
    expect(readConfig({}).stripe).toBeUndefined();
    expect(readConfig(KEYS).stripe).toEqual({
      secretKey: 'sk_test_standin',
      publishableKey: 'pk_test_standin',
      webhookSecret: 'whsec_standin',
    });
  });
});
