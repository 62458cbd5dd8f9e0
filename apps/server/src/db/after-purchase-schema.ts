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
