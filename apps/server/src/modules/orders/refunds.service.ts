import { ADMIN_MESSAGES, type RefundedSoFar, toDollars } from '@shopper/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderEvents, orders, refunds, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type PaymentProvider, type ProviderRefund, RefundRefusedError } from '../../payments/provider.ts';
import type { AuditService } from '../audit/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { orderStatusMail, type StatusMailKind } from './order-status-mail.ts';
import type { OrderRow } from './order-view.ts';

/** Every refund written for the order, whatever its state: a pending or failed one may still go through. */
export async function refundedSoFar(tx: Database, orderId: string): Promise<RefundedSoFar> {
  const [row] = await tx
    .select({
      amountCents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)`.mapWith(Number),
      taxCents: sql<number>`coalesce(sum(${refunds.taxCents}), 0)`.mapWith(Number),
      shippingCents: sql<number>`coalesce(sum(${refunds.shippingCents}), 0)`.mapWith(Number),
    })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));
  return row ?? { amountCents: 0, taxCents: 0, shippingCents: 0 };
}

export type RefundRow = typeof refunds.$inferSelect;
export type RefundsService = ReturnType<typeof createRefundsService>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Provider refunds that moved money (or are moving it): the ones the shop records. */
const MONEY_BACK: readonly ProviderRefund['status'][] = ['succeeded', 'pending'];

function reasonOf(error: unknown): string {
  if (error instanceof RefundRefusedError) return error.message;
  // The provider may have acted before the answer was lost: a retry looks before asking again.
  const detail = error instanceof Error ? error.message : String(error);
  return `The card provider could not be asked (${detail}).`;
}

/**
 * Money going back to customers (decisions 019 and 030). A refund row is written first, with the
 * idempotency key the provider gets and our id in the provider's metadata; then the provider is
 * asked (`settle`). Its answer, a retry from the back office, and the provider's `charge.refunded`
 * webhook (a refund made in its own dashboard, or the echo of ours) all end in `recordSuccess`,
 * under the order's row lock, so each refund counts and mails the customer exactly once.
 */
export function createRefundsService({
  db,
  clock,
  provider,
  audit,
  orderPageLink,
}: {
  db: Database;
  clock: () => Date;
  provider: PaymentProvider;
  audit: AuditService;
  /** The order's page in the storefront, for this customer (a guest's link carries its key). */
  orderPageLink: (orderId: string, isGuest: boolean) => string;
}) {
  async function mailCustomer(tx: Database, order: OrderRow, change: StatusMailKind): Promise<void> {
    const [customer] = await tx.select().from(users).where(eq(users.id, order.userId));
    if (!customer) return;
    const link = orderPageLink(order.id, customer.guest);
    await enqueueMail(
      tx,
      orderStatusMail({ to: customer.email, name: customer.name, orderNumber: order.orderNumber, link, change }),
    );
  }

  /** A cancellation's refund is told as the cancellation; any other as a refund. */
  const mailFor = (order: OrderRow, refund: RefundRow): StatusMailKind =>
    order.status === 'Cancelled' && refund.idempotencyKey.startsWith('cancel-')
      ? { kind: 'cancelled', refundedAmount: toDollars(refund.amountCents) }
      : { kind: 'refunded', amount: toDollars(refund.amountCents) };

  const lockOrder = async (tx: Database, orderId: string) =>
    (await tx.select().from(orders).where(eq(orders.id, orderId)).for('update'))[0];

  /** The caller holds the order's lock and has checked the refund is not recorded as succeeded yet. */
  async function recordSuccess(tx: Database, order: OrderRow, refund: RefundRow, providerRefundId: string) {
    await tx
      .update(refunds)
      .set({ status: 'succeeded', providerRefundId, lastError: null, updatedAt: clock() })
      .where(eq(refunds.id, refund.id));
    const [after] = await tx
      .update(orders)
      .set({
        refundedCents: sql`${orders.refundedCents} + ${refund.amountCents}`,
        paymentStatus: sql`case when ${orders.refundedCents} + ${refund.amountCents} >= ${orders.totalCents} then 'refunded' else 'partially_refunded' end`,
        updatedAt: clock(),
      })
      .where(eq(orders.id, order.id))
      .returning();
    await tx.insert(orderEvents).values({
      orderId: order.id,
      kind: 'refunded',
      actorId: refund.actorId,
      data: { amount: toDollars(refund.amountCents), reason: refund.reason, providerRefundId },
      createdAt: clock(),
    });
    await mailCustomer(tx, after ?? order, mailFor(after ?? order, refund));
  }

  async function recordFailure(tx: Database, order: OrderRow, refund: RefundRow, reason: string) {
    await tx
      .update(refunds)
      .set({ status: 'failed', lastError: reason, updatedAt: clock() })
      .where(eq(refunds.id, refund.id));
    await tx.insert(orderEvents).values({
      orderId: order.id,
      kind: 'refund-failed',
      actorId: refund.actorId,
      data: { amount: toDollars(refund.amountCents), error: reason, attempt: refund.attempts },
      createdAt: clock(),
    });
  }

  /**
   * Asks the provider for a refund already written as pending (after that commit), then records
   * its answer. A refusal is a recorded failure with the provider's reason, never a thrown error.
   */
  async function settle(refund: RefundRow, order: Pick<OrderRow, 'id' | 'paymentIntentId'>): Promise<boolean> {
    let outcome: ProviderRefund | { error: string };
    try {
      outcome = await provider.refund({
        intentId: order.paymentIntentId,
        amountCents: refund.amountCents,
        idempotencyKey: refund.idempotencyKey,
        shopRefundId: refund.id,
      });
    } catch (error) {
      outcome = { error: reasonOf(error) };
    }
    return db.transaction(async (tx) => {
      const locked = await lockOrder(tx, order.id);
      const [row] = await tx.select().from(refunds).where(eq(refunds.id, refund.id)).for('update');
      // The webhook echo of this very refund may have recorded it first.
      if (!locked || !row || row.status === 'succeeded') return true;
      if ('error' in outcome) {
        await recordFailure(tx, locked, row, outcome.error);
        return false;
      }
      await recordSuccess(tx, locked, row, outcome.id);
      return true;
    });
  }

  /**
   * Retries a failed refund, once per click: the first of two racing retries turns it pending, the
   * other gets a 409. Stripe answers a repeated idempotency key with its first (failed) answer for a
   * day, so each attempt has a key of its own; a refund the provider did make under an earlier
   * attempt (an answer lost on the way) is found by our id in its metadata and recorded instead.
   */
  async function retry(actorId: string, orderId: string, refundId: string): Promise<{ isRefunded: boolean }> {
    const notFound = () => new AppError('NOT_FOUND', ADMIN_MESSAGES.refundNotFound);
    if (!UUID.test(orderId) || !UUID.test(refundId)) throw notFound();
    const { refund, intentId } = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.orderNotFound);
      const [row] = await tx
        .select()
        .from(refunds)
        .where(and(eq(refunds.id, refundId), eq(refunds.orderId, orderId)))
        .for('update');
      if (!row) throw notFound();
      if (row.status !== 'failed') throw new AppError('CONFLICT', ADMIN_MESSAGES.refundNotRetryable(row.status));
      const attempts = row.attempts + 1;
      const baseKey = row.idempotencyKey.replace(/-retry-\d+$/, '');
      const [updated] = await tx
        .update(refunds)
        .set({ status: 'pending', attempts, idempotencyKey: `${baseKey}-retry-${attempts}`, updatedAt: clock() })
        .where(eq(refunds.id, refundId))
        .returning();
      await audit.record(tx, {
        actorId,
        action: 'order.refund-retry',
        entity: 'order',
        entityId: orderId,
        before: { refundId, status: 'failed', lastError: row.lastError },
        after: { refundId, status: 'pending', attempt: attempts },
      });
      return { refund: { ...updated!, actorId: row.actorId }, intentId: order.paymentIntentId };
    });
    let earlier: ProviderRefund | undefined;
    try {
      earlier = (await provider.listRefunds(intentId)).find(
        (r) => r.shopRefundId === refund.id && MONEY_BACK.includes(r.status),
      );
    } catch {
      // Could not look: asking for the refund is still safe, the provider refuses more than is left.
    }
    if (!earlier) return { isRefunded: await settle(refund, { id: orderId, paymentIntentId: intentId }) };
    await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      const [locked] = await tx.select().from(refunds).where(eq(refunds.id, refund.id)).for('update');
      if (order && locked && locked.status !== 'succeeded') await recordSuccess(tx, order, locked, earlier.id);
    });
    return { isRefunded: true };
  }

  /**
   * `charge.refunded`: records every refund the provider holds for the payment and we do not, once.
   * A refund of ours (found by our id in its metadata) is marked done if the answer to our call has
   * not been recorded yet; one made in the provider's dashboard becomes a new refund row. Replays and
   * events out of order change nothing: the provider's list is the truth, `provider_refund_id` unique.
   */
  async function recordProviderRefunds(intentId: string): Promise<number> {
    const [order] = await db.select().from(orders).where(eq(orders.paymentIntentId, intentId));
    if (!order) return 0;
    const remote = (await provider.listRefunds(intentId)).filter((r) => MONEY_BACK.includes(r.status));
    let recorded = 0;
    for (const providerRefund of remote) {
      const isNew = await db.transaction(async (tx) => {
        const locked = await lockOrder(tx, order.id);
        if (!locked) return false;
        const [known] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, providerRefund.id));
        if (known) return false;
        const shopId = providerRefund.shopRefundId;
        const [ours] =
          shopId && UUID.test(shopId)
            ? await tx
                .select()
                .from(refunds)
                .where(and(eq(refunds.id, shopId), eq(refunds.orderId, order.id)))
                .for('update')
            : [];
        if (ours) {
          if (ours.status === 'succeeded') return false;
          await recordSuccess(tx, locked, ours, providerRefund.id);
          return true;
        }
        const [inserted] = await tx
          .insert(refunds)
          .values({
            orderId: order.id,
            amountCents: providerRefund.amountCents,
            reason: ADMIN_MESSAGES.refundAtProvider,
            idempotencyKey: `provider-${providerRefund.id}`,
            actorId: null,
            createdAt: clock(),
            updatedAt: clock(),
          })
          .returning();
        await recordSuccess(tx, locked, inserted!, providerRefund.id);
        return true;
      });
      if (isNew) recorded += 1;
    }
    return recorded;
  }

  return { mailCustomer, settle, retry, recordProviderRefunds };
}
