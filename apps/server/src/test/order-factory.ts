import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import type { TestAccount } from './account-factory.ts';
import { confirmOrder, createIntentOk, payWithCard, putInCart } from './checkout-factory.ts';

/**
 * A customer buys `quantity` of one size (in the product's first colour unless `colourId` names
 * another) through the real checkout; answers the order id.
 */
export async function placeOrder(
  app: FastifyInstance,
  database: DatabaseHandle,
  customer: TestAccount,
  line: { productId: string; size: string; quantity: number; colourId?: string },
): Promise<{ id: string; paymentIntentId: string }> {
  await putInCart(database, customer.userId, line.productId, line.size, line.quantity, line.colourId);
  const intent = await createIntentOk(app, customer.accessToken);
  await payWithCard(app, intent);
  const response = await confirmOrder(app, customer.accessToken, intent.paymentIntentId);
  expect(response.statusCode, response.body).toBe(200);
  return { id: response.json<{ order: { _id: string } }>().order._id, paymentIntentId: intent.paymentIntentId };
}
