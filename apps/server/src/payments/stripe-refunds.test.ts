import { ADMIN_MESSAGES, AFTER_PURCHASE_MESSAGES } from '@shopper/contract';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, refunds } from '../db/schema.ts';
import { insertProducts } from '../db/seed/seed-catalog.ts';
import { authHeader, mailsTo, type TestAccount } from '../test/account-factory.ts';
import { confirmOrder, createIntentOk, putInCart, verifiedShopper } from '../test/checkout-factory.ts';
import { buildProduct } from '../test/product-factory.ts';
import { backOfficeCast, type BackOfficeCast } from '../test/staff-factory.ts';
import { STAND_IN_KEYS, type StripeStandIn, stripeStandIn } from '../test/stripe-stand-in.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { RefundRefusedError } from './provider.ts';
import { createStripeProvider } from './stripe.ts';

const KEYS = STAND_IN_KEYS;
const signer = new Stripe('sk_test_unused');

let standIn: StripeStandIn;
let port: number;
let t: TestApp;
let cast: BackOfficeCast;
let shopper: TestAccount;
let product: string;

beforeAll(async () => {
  standIn = stripeStandIn();
  port = await standIn.start();
  t = await createTestApp(KEYS, { payments: { stripeConnection: { host: '127.0.0.1', port, protocol: 'http' } } });
  cast = await backOfficeCast(t.app, t.database);
  shopper = await verifiedShopper(t.app, t.database);
  [product] = (await insertProducts(t.database.db, [
    buildProduct({ name: 'Refund Tee', priceCents: 2_000, sizes: [{ size: 'M', stock: 100 }] }),
  ])) as [string];
});

afterAll(async () => {
  await t.close();
  await standIn.close();
});

const adapter = () =>
  createStripeProvider({
    secretKey: KEYS.STRIPE_SECRET_KEY,
    publishableKey: KEYS.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: KEYS.STRIPE_WEBHOOK_SECRET,
    connection: { host: '127.0.0.1', port, protocol: 'http' },
  });

/** A signed `charge.refunded` as Stripe sends it: about the charge, which names its payment intent. */
function chargeRefunded(intentId: string, eventId: string) {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'charge.refunded',
    data: { object: { id: `ch_${intentId}`, object: 'charge', payment_intent: intentId, refunded: true } },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: KEYS.STRIPE_WEBHOOK_SECRET }),
    },
    payload,
  });
}

/** A paid Stripe order: 1 × $20 + tax and shipping, captured. */
async function stripeOrder(): Promise<{ id: string; orderNumber: string; intentId: string; totalCents: number }> {
  await putInCart(t.database, shopper.userId, product, 'M', 1);
  const intent = await createIntentOk(t.app, shopper.accessToken);
  standIn.authorize(intent.paymentIntentId);
  const response = await confirmOrder(t.app, shopper.accessToken, intent.paymentIntentId);
  expect(response.statusCode, response.body).toBe(200);
  const order = response.json<{ order: { _id: string; orderNumber: string; totalAmount: number } }>().order;
  expect(standIn.intents.get(intent.paymentIntentId)?.status).toBe('succeeded');
  return {
    id: order._id,
    orderNumber: order.orderNumber,
    intentId: intent.paymentIntentId,
    totalCents: Math.round(order.totalAmount * 100),
  };
}

const refundsAtStripe = (intentId: string) =>
  [...standIn.refunds.values()].filter((r) => r.payment_intent === intentId);
const post = (url: string, headers = cast.staff.headers) => t.app.inject({ method: 'POST', url, headers });
const refundRows = (orderId: string) => t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
const mailsAbout = async (orderNumber: string) =>
  (await mailsTo(t.database, shopper.email)).filter((m) => m.subject.includes(orderNumber)).map((m) => m.subject);

describe('Stripe adapter refunds against the stand-in', () => {
  it('refunds with our id in the metadata, and a repeated idempotency key does not refund twice', async () => {
    const order = await stripeOrder();
    const provider = adapter();
    const input = { intentId: order.intentId, amountCents: 500, idempotencyKey: 'return-k1', shopRefundId: 'ours-1' };
    const first = await provider.refund(input);
    expect(first).toMatchObject({ amountCents: 500, status: 'succeeded', shopRefundId: 'ours-1' });
    const again = await provider.refund(input);
    expect(again.id).toBe(first.id);
    expect(refundsAtStripe(order.intentId)).toHaveLength(1);
    expect(standIn.refunds.get(first.id)?.metadata).toEqual({ shopper_refund_id: 'ours-1' });
    expect(await provider.listRefunds(order.intentId)).toEqual([first]);
  });

  it("turns Stripe's refusals into RefundRefusedError with Stripe's reason", async () => {
    const order = await stripeOrder();
    const provider = adapter();
    const tooMuch = provider.refund({
      intentId: order.intentId,
      amountCents: order.totalCents + 1,
      idempotencyKey: 'return-k2',
      shopRefundId: 'ours-2',
    });
    await expect(tooMuch).rejects.toBeInstanceOf(RefundRefusedError);
    await expect(tooMuch).rejects.toMatchObject({
      code: 'amount_too_large',
      message: expect.stringMatching(/^Stripe: Refund amount \(\$\d+\.\d\d\) is greater than unrefunded amount/),
    });
    const missing = provider.refund({
      intentId: 'pi_missing',
      amountCents: 1,
      idempotencyKey: 'k3',
      shopRefundId: 'x',
    });
    await expect(missing).rejects.toMatchObject({ code: 'resource_missing' });
    expect(refundsAtStripe(order.intentId)).toEqual([]);
  });
});

describe('back-office refunds on Stripe', () => {
  it('records a refusal with its reason (200, not 5xx), then retries exactly once', async () => {
    const order = await stripeOrder();
    standIn.failNextRefund('charge_disputed', `Charge ch_${order.intentId} has been disputed; cannot refund.`);
    const cancelled = await post(`/api/admin/orders/${order.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().message).toBe(ADMIN_MESSAGES.orderCancelledRefundFailed(order.orderNumber));
    const reason = `Stripe: Charge ch_${order.intentId} has been disputed; cannot refund.`;
    const [failed] = cancelled.json().order.refunds;
    expect(failed).toMatchObject({ status: 'failed', lastError: reason, attempts: 1, providerRefundId: null });
    expect(cancelled.json().order.timeline.at(-1)).toMatchObject({ kind: 'refund-failed', data: { error: reason } });
    expect(cancelled.json().order.paymentInfo.status).toBe('succeeded');
    expect(await mailsAbout(order.orderNumber)).not.toContain(`Your SHOPPER order ${order.orderNumber} was cancelled`);

    const retryUrl = `/api/admin/orders/${order.id}/refunds/${failed.id}/retry`;
    const answers = await Promise.all([post(retryUrl), post(retryUrl, cast.owner.headers)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const ok = answers.find((a) => a.statusCode === 200)!.json();
    expect(ok.message).toBe(ADMIN_MESSAGES.refundRetried(order.orderNumber, `$${(order.totalCents / 100).toFixed(2)}`));
    expect(ok.order.refunds).toMatchObject([{ id: failed.id, status: 'succeeded', attempts: 2, lastError: null }]);
    expect(ok.order.paymentInfo.status).toBe('refunded');
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toMatch(/^Only a failed refund can be retried/);
    expect(refundsAtStripe(order.intentId)).toMatchObject([
      { amount: order.totalCents, metadata: { shopper_refund_id: failed.id } },
    ]);
    expect((await mailsAbout(order.orderNumber)).sort()).toEqual([
      `Your SHOPPER order ${order.orderNumber}`,
      `Your SHOPPER order ${order.orderNumber} was cancelled`,
    ]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.refund-retry')));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.actorId).toBeDefined();

    // Done is done: no third refund.
    const late = await post(retryUrl);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ADMIN_MESSAGES.refundNotRetryable('succeeded'));
    // The echo of our own refund changes nothing.
    expect((await chargeRefunded(order.intentId, `evt_echo_${order.id}`)).statusCode).toBe(200);
    expect(await refundRows(order.id)).toHaveLength(1);
  });

  it('a customer cancel the provider refuses: cancelled anyway, refund recorded as failed, retried once by staff', async () => {
    const order = await stripeOrder();
    standIn.failNextRefund('charge_disputed', 'disputed');
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/payment/order/${order.id}/cancel`,
      headers: authHeader(shopper.accessToken),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().message).toBe(AFTER_PURCHASE_MESSAGES.cancelledRefundLate(order.orderNumber));
    expect(cancelled.json().order).toMatchObject({ orderStatus: 'Cancelled', refundedAmount: 0 });
    const [failed] = await refundRows(order.id);
    expect(failed).toMatchObject({ status: 'failed', actorId: shopper.userId });
    expect(await mailsAbout(order.orderNumber)).not.toContain(`Your SHOPPER order ${order.orderNumber} was cancelled`);

    const retried = await post(`/api/admin/orders/${order.id}/refunds/${failed!.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().order.paymentInfo.status).toBe('refunded');
    expect(refundsAtStripe(order.intentId)).toHaveLength(1);
    const cancelMails = (await mailsAbout(order.orderNumber)).filter((s) => s.endsWith('was cancelled'));
    expect(cancelMails).toHaveLength(1);
  });

  it('answers 404 for a refund of another order and 400 for a malformed id', async () => {
    const order = await stripeOrder();
    const other = await stripeOrder();
    standIn.failNextRefund('charge_disputed', 'disputed');
    const cancelled = (await post(`/api/admin/orders/${order.id}/cancel`)).json().order;
    const wrong = await post(`/api/admin/orders/${other.id}/refunds/${cancelled.refunds[0].id}/retry`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(ADMIN_MESSAGES.refundNotFound);
    const bad = await post(`/api/admin/orders/${order.id}/refunds/nope/retry`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ADMIN_MESSAGES.idInvalid);
  });
});

describe('charge.refunded', () => {
  it('records a refund made in Stripe’s dashboard once, whatever the replays and their order', async () => {
    const order = await stripeOrder();
    standIn.refundInDashboard(order.intentId, 500);
    standIn.refundInDashboard(order.intentId, 700);
    // The second refund's event arrives first; it already sees both refunds.
    expect((await chargeRefunded(order.intentId, `evt_b_${order.id}`)).statusCode).toBe(200);
    const replay = await chargeRefunded(order.intentId, `evt_b_${order.id}`);
    expect(replay.json()).toMatchObject({ duplicate: true });
    expect((await chargeRefunded(order.intentId, `evt_a_${order.id}`)).statusCode).toBe(200);

    const rows = await refundRows(order.id);
    expect(rows.map((r) => r.amountCents).sort()).toEqual([500, 700]);
    expect(rows.every((r) => r.status === 'succeeded' && r.reason === ADMIN_MESSAGES.refundAtProvider)).toBe(true);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ refundedCents: 1_200, paymentStatus: 'partially_refunded', status: 'Processing' });
    const refundMails = (await mailsAbout(order.orderNumber)).filter((s) => s.startsWith('A refund'));
    expect(refundMails).toHaveLength(2);

    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers: cast.staff.headers })
    ).json().order;
    expect(detail.timeline.filter((e: { kind: string }) => e.kind === 'refunded')).toHaveLength(2);
    expect(detail.refundedAmount).toBe(12);
  });

  it('completes our own refund whose answer was never recorded (the process stopped after the call)', async () => {
    const order = await stripeOrder();
    const [pending] = await t.database.db
      .insert(refunds)
      .values({ orderId: order.id, amountCents: order.totalCents, reason: 'Goodwill', idempotencyKey: `k-${order.id}` })
      .returning();
    await adapter().refund({
      intentId: order.intentId,
      amountCents: order.totalCents,
      idempotencyKey: `k-${order.id}`,
      shopRefundId: pending!.id,
    });
    expect((await chargeRefunded(order.intentId, `evt_c_${order.id}`)).statusCode).toBe(200);
    expect((await chargeRefunded(order.intentId, `evt_d_${order.id}`)).statusCode).toBe(200);
    const rows = await refundRows(order.id);
    expect(rows).toMatchObject([{ id: pending!.id, status: 'succeeded' }]);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ refundedCents: order.totalCents, paymentStatus: 'refunded' });
    expect((await mailsAbout(order.orderNumber)).filter((s) => s.startsWith('A refund'))).toHaveLength(1);
  });

  it('ignores a charge.refunded for a payment the shop does not know', async () => {
    const response = await chargeRefunded('pi_unknown', 'evt_unknown');
    expect(response.statusCode).toBe(200);
  });
});
