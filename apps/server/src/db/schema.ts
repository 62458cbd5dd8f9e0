import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const products = pgTable(
  'products',
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull(),
    name: text().notNull(),
    brand: text().notNull(),
    category: text().notNull(),
    shortDescription: text().notNull().default(''),
    longDescription: text().notNull().default(''),
    images: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    mainImageIndex: integer().notNull().default(0),
    /** Regular price (SPEC old_price), integer cents. */
    priceCents: integer().notNull(),
    /** Discounted price (SPEC new_price), integer cents; null when not discounted. */
    salePriceCents: integer(),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    types: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    rating: doublePrecision().notNull().default(0),
    reviewCount: integer().notNull().default(0),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Kept by a trigger (migration 0001) from name, brand, descriptions and tags. */
    searchVector: tsvector(),
  },
  (t) => [
    uniqueIndex('products_slug_unique').on(t.slug),
    index('products_category_idx').on(t.category, t.publishedAt),
    index('products_published_idx').on(t.publishedAt),
    index('products_search_idx').using('gin', t.searchVector),
    index('products_types_idx').using('gin', t.types),
    check('products_category_check', sql`${t.category} in ('men', 'women', 'kids')`),
    check('products_price_check', sql`${t.priceCents} > 0`),
    check(
      'products_sale_price_check',
      sql`${t.salePriceCents} is null or (${t.salePriceCents} > 0 and ${t.salePriceCents} < ${t.priceCents})`,
    ),
    check('products_rating_check', sql`${t.rating} >= 0 and ${t.rating} <= 5`),
  ],
);

export const productSizes = pgTable(
  'product_sizes',
  {
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text().notNull(),
    /** Order in which the size picker lists the sizes. */
    position: integer().notNull(),
    stock: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.size] }), check('product_sizes_stock_check', sql`${t.stock} >= 0`)],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type ProductSizeRow = typeof productSizes.$inferSelect;

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Stored lower-cased; unique. */
    email: text().notNull(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    phone: text().notNull().default(''),
    addressStreet: text(),
    addressCity: text(),
    addressState: text(),
    addressZip: text(),
    /** ISO 3166 code, one of the 24 of SPEC §3. */
    addressCountry: text(),
    isEmailVerified: boolean().notNull().default(false),
    isAdmin: boolean().notNull().default(false),
    termsAcceptedAt: timestamp({ withTimezone: true }),
    disabledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/** One signed-in device: every refresh token of a login belongs to its session (the token family). */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text().notNull().default(''),
    ip: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /** Why it ended: logout, reuse, password-change, disabled… */
    revokedReason: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Opaque refresh tokens, stored as SHA-256 hashes; each is used once, then replaced. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

export const EMAIL_TOKEN_PURPOSES = ['verify-email', 'reset-password'] as const;

/** Single-use e-mail link tokens (verification, password reset), stored as SHA-256 hashes. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_unique').on(t.tokenHash),
    index('email_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'kept'] as const;

/**
 * Outgoing mail, written in the same transaction as the change that causes it and delivered by a
 * background sender; 'kept' mail stays for the dev mailbox when no SMTP server is configured.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    status: text({ enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt), index('mail_outbox_created_idx').on(t.createdAt)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
