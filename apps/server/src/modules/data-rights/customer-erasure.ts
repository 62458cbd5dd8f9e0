import { DATA_RIGHTS_MESSAGES as M, type ErasedReviewPolicy, FORMER_CUSTOMER } from '@shopper/contract';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { backInStockRequests, returnRequests, savedItems } from '../../db/after-purchase-schema.ts';
import type { Database } from '../../db/client.ts';
import {
  auditLog,
  cartCoupons,
  cartItems,
  emailTokens,
  mailOutbox,
  newsletterSubscriptions,
  orderEvents,
  orders,
  paymentCustomers,
  paymentIntents,
  refunds,
  reviews,
  savedAddresses,
  savedPaymentMethods,
  sessions,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

/** Where an erased account's address points: a reserved domain no mail can reach. */
export const ERASED_EMAIL_DOMAIN = 'erased.invalid';
const ERASED_REASON = 'Erased at the customer’s request';
const REDACTED = '[erased]';

export type ErasureOutcome = { orders: number; reviews: number; reviewPolicy: ErasedReviewPolicy };

/** The JSON spelling of a value inside a document's text: what `replace` must look for in jsonb::text. */
const jsonInner = (value: string) => JSON.stringify(value).slice(1, -1);

/**
 * Erases a customer in one transaction (docs/product.md#your-data). The account row stays as an
 * anonymous tombstone, since orders and the money records point at it and must stay for
 * accounting; every personal value (name, email, phone, addresses, sessions, cards, cart,
 * address book, newsletter, back-in-stock requests, mail) is deleted or blanked, and its traces in the order and audit history replaced.
 */
export async function eraseCustomer(
  tx: Database,
  userId: string,
  { reviewPolicy, now }: { reviewPolicy: ErasedReviewPolicy; now: Date },
): Promise<ErasureOutcome> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw new AppError('NOT_FOUND', 'Customer not found');
  if (user.role !== 'customer') throw new AppError('CONFLICT', M.onlyCustomers);
  if (user.email.endsWith(`@${ERASED_EMAIL_DOMAIN}`)) throw new AppError('CONFLICT', M.alreadyErased);

  const personal = [user.email, user.name, user.phone, user.addressStreet ?? '']
    .map((value) => value.trim())
    .filter((value) => value.length >= 3);
  const orderRows = await tx.select().from(orders).where(eq(orders.userId, userId));
  const orderIds = orderRows.map((order) => order.id);
  for (const order of orderRows) {
    personal.push(
      ...[order.shippingName, order.shippingPhone, order.shippingAddress].filter((v) => v.trim().length >= 3),
    );
  }
  const bookRows = await tx.select().from(savedAddresses).where(eq(savedAddresses.userId, userId));
  for (const entry of bookRows) {
    personal.push(...[entry.name, entry.phone, entry.street].filter((v) => v.trim().length >= 3));
  }
  const values = [...new Set(personal)];

  // Sessions end at once: their refresh tokens go with them (cascade), and an access token's session is gone.
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
  await tx.delete(savedAddresses).where(eq(savedAddresses.userId, userId));
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
  await tx.delete(cartCoupons).where(eq(cartCoupons.userId, userId));
  await tx.delete(savedPaymentMethods).where(eq(savedPaymentMethods.userId, userId));
  await tx.delete(paymentCustomers).where(eq(paymentCustomers.userId, userId));
  await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, user.email));
  await tx.delete(mailOutbox).where(eq(mailOutbox.to, user.email));
  await tx.delete(savedItems).where(eq(savedItems.userId, userId));
  await tx
    .delete(backInStockRequests)
    .where(or(eq(backInStockRequests.userId, userId), eq(backInStockRequests.email, user.email)));
  // A return keeps its lines and status for the accounts; the customer's own words go.
  const returnIds = (
    await tx
      .update(returnRequests)
      .set({ reason: REDACTED })
      .where(eq(returnRequests.userId, userId))
      .returning({ id: returnRequests.id })
  ).map((r) => r.id);

  // Orders keep their amounts, items, status and country (tax); nothing that names or reaches the person.
  await tx
    .update(orders)
    .set({
      shippingName: FORMER_CUSTOMER,
      shippingAddress: '',
      shippingCity: '',
      shippingState: '',
      shippingPostalCode: '',
      shippingPhone: '',
    })
    .where(eq(orders.userId, userId));
  await tx.update(paymentIntents).set({ shippingInfo: {} }).where(eq(paymentIntents.userId, userId));

  let reviewCount: number;
  if (reviewPolicy === 'remove') {
    reviewCount = (await tx.delete(reviews).where(eq(reviews.userId, userId)).returning({ id: reviews.id })).length;
  } else {
    reviewCount = (
      await tx
        .update(reviews)
        .set({ authorName: FORMER_CUSTOMER })
        .where(eq(reviews.userId, userId))
        .returning({ id: reviews.id })
    ).length;
  }

  // Staff's notes and the audit log may quote the person: their values are replaced where they concern them.
  const entityIds = [userId, ...orderIds, ...returnIds];
  for (const value of values) {
    const inner = jsonInner(value);
    await tx
      .update(auditLog)
      .set({
        before: sql`replace(${auditLog.before}::text, ${inner}, ${REDACTED})::jsonb`,
        after: sql`replace(${auditLog.after}::text, ${inner}, ${REDACTED})::jsonb`,
      })
      .where(inArray(auditLog.entityId, entityIds));
    if (orderIds.length > 0) {
      await tx
        .update(orderEvents)
        .set({ data: sql`replace(${orderEvents.data}::text, ${inner}, ${REDACTED})::jsonb` })
        .where(inArray(orderEvents.orderId, orderIds));
      await tx
        .update(refunds)
        .set({
          reason: sql`replace(${refunds.reason}, ${value}, ${REDACTED})`,
          lastError: sql`replace(${refunds.lastError}, ${value}, ${REDACTED})`,
        })
        .where(inArray(refunds.orderId, orderIds));
      await tx
        .update(returnRequests)
        .set({ staffMessage: sql`replace(${returnRequests.staffMessage}, ${value}, ${REDACTED})` })
        .where(eq(returnRequests.userId, userId));
    }
  }

  await tx
    .update(users)
    .set({
      email: `erased-${userId}@${ERASED_EMAIL_DOMAIN}`,
      name: FORMER_CUSTOMER,
      phone: '',
      // No password verifies against this: the account can never sign in again.
      passwordHash: 'erased',
      addressStreet: null,
      addressCity: null,
      addressState: null,
      addressZip: null,
      addressCountry: null,
      isEmailVerified: false,
      isAdmin: false,
      disabledAt: now,
      disabledReason: ERASED_REASON,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  return { orders: orderIds.length, reviews: reviewCount, reviewPolicy };
}
