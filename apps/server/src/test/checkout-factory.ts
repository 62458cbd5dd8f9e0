import {
  type CreatePaymentIntentAnswer,
  type ShippingInfoInput,
  TEST_CARD,
  type TestIntentAnswer,
} from '@shopper/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { cartItems, productSizes } from '../db/schema.ts';
import { authHeader, markVerified, signUp, type TestAccount } from './account-factory.ts';
import { firstColourId } from './product-factory.ts';

export const SHIPPING: ShippingInfoInput = {
  name: 'Ada Lovelace',
  phoneNumber: '+1 555 123 4567',
  shippingMethod: 'standard',
  shippingAddress: { street: '12 Analytical Row', city: 'Springfield', state: 'IL', country: 'US', zip: '62704' },
};

/** A signed-up customer whose email is verified, as checkout requires. */
export async function verifiedShopper(app: FastifyInstance, database: DatabaseHandle): Promise<TestAccount> {
  const account = await signUp(app);
  await markVerified(database, account.userId);
  return account;
}

/** Puts a line straight into the customer's cart, in the product's first colour unless one is named. */
export async function putInCart(
  database: DatabaseHandle,
  userId: string,
  productId: string,
  size: string,
  quantity: number,
  colourId?: string,
): Promise<void> {
  await database.db
    .insert(cartItems)
    .values({ userId, productId, colourId: colourId ?? (await firstColourId(database.db, productId)), size, quantity });
}

/** A variant's stock; without a colour, the size's stock summed over the product's colours. */
export async function stockOf(
  database: DatabaseHandle,
  productId: string,
  size: string,
  colourId?: string,
): Promise<number> {
  const rows = (await database.db.select().from(productSizes).where(eq(productSizes.productId, productId))).filter(
    (r) => r.size === size && (colourId === undefined || r.colourId === colourId),
  );
  return rows.length === 0 ? Number.NaN : rows.reduce((sum, r) => sum + r.stock, 0);
}

export async function createIntent(
  app: FastifyInstance,
  accessToken: string,
  body: Record<string, unknown> = { shippingInfo: SHIPPING },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/payment/create-payment-intent',
    headers: authHeader(accessToken),
    payload: body,
  });
}

export async function createIntentOk(app: FastifyInstance, accessToken: string): Promise<CreatePaymentIntentAnswer> {
  const response = await createIntent(app, accessToken);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CreatePaymentIntentAnswer>();
}

/** The browser's part: the card goes to the test-mode provider, never to the shop's API. */
export async function payWithCard(
  app: FastifyInstance,
  intent: { paymentIntentId: string; clientSecret: string },
  number: string = TEST_CARD.success,
  card: Partial<{ expMonth: number; expYear: number; cvc: string }> = {},
): Promise<TestIntentAnswer> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/test-provider/payment_intents/${intent.paymentIntentId}/confirm`,
    payload: { clientSecret: intent.clientSecret, card: { number, expMonth: 12, expYear: 2099, cvc: '123', ...card } },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TestIntentAnswer>();
}

export async function authenticate(
  app: FastifyInstance,
  intent: { paymentIntentId: string; clientSecret: string },
  outcome: 'complete' | 'fail',
): Promise<TestIntentAnswer> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/test-provider/payment_intents/${intent.paymentIntentId}/authenticate`,
    payload: { clientSecret: intent.clientSecret, outcome },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TestIntentAnswer>();
}

export async function confirmOrder(
  app: FastifyInstance,
  accessToken: string,
  paymentIntentId: string,
  paymentMethodId?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/payment/confirm-order',
    headers: authHeader(accessToken),
    payload: { paymentIntentId, ...(paymentMethodId === undefined ? {} : { paymentMethodId }) },
  });
}

export async function saveCard(
  app: FastifyInstance,
  accessToken: string,
  paymentMethodId: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/payments/payment-methods',
    headers: authHeader(accessToken),
    payload: { paymentMethodId },
  });
}

export async function savedCards(
  app: FastifyInstance,
  accessToken: string,
): Promise<{ _id: string; paymentMethodId: string }[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/payments/payment-methods',
    headers: authHeader(accessToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ paymentMethods: { _id: string; paymentMethodId: string }[] }>().paymentMethods;
}
