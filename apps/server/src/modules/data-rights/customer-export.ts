import type { CustomerDataExport } from '@shopper/contract';
import { asc, eq, or } from 'drizzle-orm';
import {
  backInStockRequests,
  returnRequestItems,
  returnRequests,
  savedItems as wishlist,
} from '../../db/after-purchase-schema.ts';
import type { Database } from '../../db/client.ts';
import {
  cartCoupons,
  cartItems,
  newsletterSubscriptions,
  orderItems,
  orders,
  reviews,
  savedAddresses,
  savedPaymentMethods,
  sessions,
  users,
} from '../../db/schema.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Everything the shop holds about one customer, read in one snapshot. Password hashes, token hashes
 * and the card provider's ids stay out: they are not the customer's data but keys to it.
 */
export async function customerExport(db: Database, userId: string, now: Date): Promise<CustomerDataExport | undefined> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) return undefined;
    const [orderRows, itemRows, reviewRows, newsletterRows, cartRows, couponRows, cardRows, sessionRows, bookRows] =
      await Promise.all([
        tx.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt)),
        tx
          .select({ item: orderItems })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(eq(orders.userId, userId)),
        tx.select().from(reviews).where(eq(reviews.userId, userId)).orderBy(asc(reviews.createdAt)),
        tx.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, user.email)),
        tx.select().from(cartItems).where(eq(cartItems.userId, userId)),
        tx.select().from(cartCoupons).where(eq(cartCoupons.userId, userId)),
        tx.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.userId, userId)),
        tx.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt)),
        tx
          .select()
          .from(savedAddresses)
          .where(eq(savedAddresses.userId, userId))
          .orderBy(asc(savedAddresses.createdAt), asc(savedAddresses.id)),
      ]);
    const [returnRows, returnLines, wishlistRows, waitingRows] = await Promise.all([
      tx.select().from(returnRequests).where(eq(returnRequests.userId, userId)).orderBy(asc(returnRequests.createdAt)),
      tx
        .select({ line: returnRequestItems })
        .from(returnRequestItems)
        .innerJoin(returnRequests, eq(returnRequests.id, returnRequestItems.returnId))
        .where(eq(returnRequests.userId, userId)),
      tx.select().from(wishlist).where(eq(wishlist.userId, userId)).orderBy(asc(wishlist.createdAt)),
      // Asked as a guest with the same address counts too: it is the same person's address.
      tx
        .select()
        .from(backInStockRequests)
        .where(or(eq(backInStockRequests.userId, userId), eq(backInStockRequests.email, user.email)))
        .orderBy(asc(backInStockRequests.createdAt)),
    ]);
    const profileAddress = {
      source: 'profile' as const,
      street: user.addressStreet,
      city: user.addressCity,
      state: user.addressState,
      postalCode: user.addressZip,
      country: user.addressCountry,
    };
    const bookAddresses = bookRows.map((entry) => ({
      source: 'address-book' as const,
      label: entry.label,
      isDefault: entry.isDefault,
      name: entry.name,
      street: entry.street,
      city: entry.city,
      state: entry.state,
      postalCode: entry.zip,
      country: entry.country,
      phone: entry.phone,
    }));
    const orderAddresses = orderRows.map((order) => ({
      source: 'order' as const,
      name: order.shippingName,
      street: order.shippingAddress,
      city: order.shippingCity,
      state: order.shippingState,
      postalCode: order.shippingPostalCode,
      country: order.shippingCountry,
      phone: order.shippingPhone,
    }));
    const seen = new Set<string>();
    const addresses = [profileAddress, ...bookAddresses, ...orderAddresses].filter((address) => {
      const key = JSON.stringify({ ...address, source: undefined });
      const isEmpty = !address.street && !address.city && !address.postalCode;
      if (isEmpty || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return {
      exportedAt: now.toISOString(),
      profile: {
        id: user.id,
        email: user.email,
        name: user.name,
        phone: user.phone,
        isEmailVerified: user.isEmailVerified,
        role: user.role,
        termsAcceptedAt: iso(user.termsAcceptedAt),
        disabledAt: iso(user.disabledAt),
        createdAt: user.createdAt.toISOString(),
      },
      addresses,
      orders: orderRows.map((order) => ({
        ...order,
        userId: undefined,
        paymentIntentId: undefined,
        createdAt: order.createdAt.toISOString(),
        updatedAt: order.updatedAt.toISOString(),
        items: itemRows
          .filter(({ item }) => item.orderId === order.id)
          .map(({ item }) => ({ ...item, orderId: undefined })),
      })),
      reviews: reviewRows.map((review) => ({
        id: review.id,
        productId: review.productId,
        authorName: review.authorName,
        rating: review.rating,
        content: review.content,
        createdAt: review.createdAt.toISOString(),
        hiddenAt: iso(review.hiddenAt),
      })),
      newsletter: newsletterRows.map((row) => ({
        status: row.status,
        createdAt: row.createdAt.toISOString(),
        confirmedAt: iso(row.confirmedAt),
      })),
      savedItems: {
        cart: cartRows.map((row) => ({ ...row, userId: undefined, addedAt: row.addedAt.toISOString() })),
        coupon: couponRows[0]?.code ?? null,
        savedCards: cardRows.map((card) => ({ brand: card.brand, expMonth: card.expMonth, expYear: card.expYear })),
      },
      returns: returnRows.map((row) => ({
        returnNumber: row.returnNumber,
        orderId: row.orderId,
        status: row.status,
        reason: row.reason,
        staffMessage: row.staffMessage,
        createdAt: row.createdAt.toISOString(),
        items: returnLines
          .filter(({ line }) => line.returnId === row.id)
          .map(({ line }) => ({ orderItemId: line.orderItemId, quantity: line.quantity })),
      })),
      wishlist: wishlistRows.map((row) => ({
        productId: row.productId,
        colourId: row.colourId,
        size: row.size || null,
        createdAt: row.createdAt.toISOString(),
      })),
      backInStock: waitingRows.map((row) => ({
        productId: row.productId,
        colourId: row.colourId,
        size: row.size,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
        notifiedAt: iso(row.notifiedAt),
      })),
      sessions: sessionRows.map((session) => ({
        id: session.id,
        userAgent: session.userAgent,
        ip: session.ip,
        createdAt: session.createdAt.toISOString(),
        lastUsedAt: session.lastUsedAt.toISOString(),
        expiresAt: session.expiresAt.toISOString(),
        revokedAt: iso(session.revokedAt),
      })),
    };
  });
}
