import { sql } from 'drizzle-orm';
import { check, index, integer, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orderItems, orders, productColours, products, refunds, users } from './schema.ts';

/**
 * The tables of what happens after a purchase (docs/after-purchase.md, decision 059): returns and
 * saved items. Apart from schema.ts so each stays readable;
 * drizzle.config.ts lists both files.
 */

export const RETURN_STATUSES = ['requested', 'approved', 'refused', 'received', 'refunding', 'refunded'] as const;

export const returnNumberSequence = pgSequence('return_number_seq', { startWith: 1001 });

/** A customer's request to send items back; staff move it along, one status at a time, under its row lock. */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** What the customer quotes, e.g. RT-1001. */
    returnNumber: text().notNull(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: RETURN_STATUSES }).notNull().default('requested'),
    /** The customer's own words: personal data, exported and erased with the account. */
    reason: text().notNull(),
    /** What staff told the customer when approving or refusing. */
    staffMessage: text(),
    refundId: uuid().references(() => refunds.id, { onDelete: 'set null' }),
    restocked: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('return_requests_number_unique').on(t.returnNumber),
    index('return_requests_order_idx').on(t.orderId),
    index('return_requests_status_idx').on(t.status, t.createdAt),
  ],
);

export const returnRequestItems = pgTable(
  'return_request_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    returnId: uuid()
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderItemId: uuid()
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
  },
  (t) => [
    index('return_request_items_return_idx').on(t.returnId),
    check('return_request_items_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

/** A signed-in customer's saved items: a product in one colour, and a size when one was chosen. */
export const savedItems = pgTable(
  'saved_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colourId: uuid()
      .notNull()
      .references(() => productColours.id, { onDelete: 'cascade' }),
    /** '' when no size was chosen. */
    size: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_items_unique').on(t.userId, t.productId, t.colourId, t.size)],
);

export const BACK_IN_STOCK_STATUSES = ['pending', 'waiting', 'due', 'notified', 'cancelled'] as const;
/** The statuses of a request still to be mailed about: one such request per address and variant. */
export const OPEN_BACK_IN_STOCK_STATUSES = ['pending', 'waiting', 'due'] as const;

/**
 * "Notify me when it's back" (decision 069): one address waiting for one sold-out variant.
 * 'pending' until a guest follows the confirmation link, 'waiting' until the size's stock goes from
 * 0 to above 0, when a trigger on product_sizes makes it 'due' (in the stock change's own
 * transaction); the notifier claims due rows and writes their mail, and the request is 'notified',
 * done for good. No foreign key to product_sizes: an import that rewrites a size keeps its waiters.
 */
export const backInStockRequests = pgTable(
  'back_in_stock_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: text().notNull(),
    /** Set when a signed-in shopper asked; a guest's request has none. */
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colourId: uuid()
      .notNull()
      .references(() => productColours.id, { onDelete: 'cascade' }),
    size: text().notNull(),
    status: text({ enum: BACK_IN_STOCK_STATUSES }).notNull(),
    /** A guest's confirmation link, kept only as a hash; null once confirmed or for a signed-in shopper. */
    confirmTokenHash: text(),
    confirmExpiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp({ withTimezone: true }),
    dueAt: timestamp({ withTimezone: true }),
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('back_in_stock_requests_open_unique')
      .on(t.email, t.productId, t.colourId, t.size)
      .where(sql`${t.status} in ('pending', 'waiting', 'due')`),
    uniqueIndex('back_in_stock_requests_confirm_unique').on(t.confirmTokenHash),
    index('back_in_stock_requests_variant_idx').on(t.productId, t.colourId, t.size, t.status),
    index('back_in_stock_requests_due_idx').on(t.status, t.dueAt),
    index('back_in_stock_requests_user_idx').on(t.userId),
  ],
);
