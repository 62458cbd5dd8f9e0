import { sql } from 'drizzle-orm';
import { STOCK_REASONS, USER_ROLES } from '@shopper/contract';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** Only published products reach the storefront; archived ones stay for past orders and reports. */
export const PRODUCT_STATUSES = ['draft', 'published', 'archived'] as const;

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
    /** Regular price (old_price on the wire), integer cents. */
    priceCents: integer().notNull(),
    /** Discounted price (new_price on the wire), integer cents; null when not discounted. */
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
    status: text({ enum: PRODUCT_STATUSES }).notNull().default('published'),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Kept by a trigger (migration 0001) from name, brand, descriptions and tags. */
    searchVector: tsvector(),
  },
  (t) => [
    uniqueIndex('products_slug_unique').on(t.slug),
    index('products_category_idx').on(t.category, t.publishedAt),
    index('products_published_idx').on(t.publishedAt),
    index('products_search_idx').using('gin', t.searchVector),
    index('products_types_idx').using('gin', t.types),
    index('products_status_idx').on(t.status),
    check('products_category_check', sql`${t.category} in ('men', 'women', 'kids')`),
    check('products_price_check', sql`${t.priceCents} > 0`),
    check(
      'products_sale_price_check',
      sql`${t.salePriceCents} is null or (${t.salePriceCents} > 0 and ${t.salePriceCents} < ${t.priceCents})`,
    ),
    check('products_rating_check', sql`${t.rating} >= 0 and ${t.rating} <= 5`),
  ],
);

/**
 * Every word of the catalog's names, brands, types and tags, lower-cased: what a misspelt search
 * term is corrected to ("jens" → "jeans") by trigram similarity (docs/decisions/057). Kept by a
 * trigger on products (migration 0021); words are only added, a stale one corrects to nothing.
 */
export const searchWords = pgTable('search_words', {
  word: text().primaryKey(),
});

/**
 * A product's colours (decision 043): each has its swatch, its place among the swatches and its own
 * gallery. The default colour is the first visible one by position. `family` is computed by the
 * database's `colour_family(swatch)` (migration 0015), so it can never disagree with the swatch.
 */
export const productColours = pgTable(
  'product_colours',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The `?colour=` value, unique within the product. */
    slug: text().notNull(),
    name: text().notNull(),
    /** `#rrggbb`, lower case. */
    swatch: text().notNull(),
    family: text().generatedAlwaysAs(sql`colour_family(swatch)`),
    /** The swatches' order. */
    position: integer().notNull(),
    /** This colour's photos in gallery order (URLs). */
    images: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    mainImageIndex: integer().notNull().default(0),
    /** A hidden colour leaves the storefront, carts and summaries, and keeps its rows. */
    hiddenAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_colours_slug_unique').on(t.productId, t.slug),
    uniqueIndex('product_colours_name_unique').on(t.productId, sql`lower(${t.name})`),
    // The target of the composite foreign keys: no row can pair a product with another's colour.
    unique('product_colours_product_id_unique').on(t.productId, t.id),
    check('product_colours_swatch_check', sql`${t.swatch} ~ '^#[0-9a-f]{6}$'`),
  ],
);

/**
 * One variant: a colour of a product in one size, with its stock. Every colour of a product has a
 * row for every size of the product (the services keep the grid full; `test/shop-invariants.ts`
 * checks it).
 */
export const productSizes = pgTable(
  'product_sizes',
  {
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colourId: uuid().notNull(),
    size: text().notNull(),
    /** Order in which the size picker lists the sizes; the same for every colour of a product. */
    position: integer().notNull(),
    stock: integer().notNull(),
    sku: text().notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.colourId, t.size] }),
    foreignKey({
      name: 'product_sizes_colour_fk',
      columns: [t.productId, t.colourId],
      foreignColumns: [productColours.productId, productColours.id],
    }).onDelete('cascade'),
    check('product_sizes_stock_check', sql`${t.stock} >= 0`),
  ],
);

/**
 * Uploaded product pictures (decision 021): the re-encoded variants of one upload. A colour's
 * `images` list holds `url` in gallery order; the bytes live in the image storage (`image_blobs` by
 * default) under each variant's content-hashed key.
 */
export const productImages = pgTable(
  'product_images',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** SHA-256 of the uploaded bytes: the same file uploaded twice to one product is one image. */
    sourceHash: text().notNull(),
    /** The default `src` (a middle-width WebP); what a colour's `images` lists. */
    url: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    /** [{ key, format, width, height, bytes }] */
    variants: jsonb().notNull(),
    /** Where an imported picture was fetched from; null for an upload. */
    sourceUrl: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_images_product_source_unique').on(t.productId, t.sourceHash),
    index('product_images_url_idx').on(t.url),
    index('product_images_source_url_idx').on(t.productId, t.sourceUrl),
  ],
);

/** The default image storage: bytes in the database, so every instance serves every image. */
export const imageBlobs = pgTable('image_blobs', {
  /** Content-hashed file name, e.g. `3f9a…-640.webp`. */
  key: text().primaryKey(),
  contentType: text().notNull(),
  bytes: bytea().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type ProductSizeRow = typeof productSizes.$inferSelect;
export type ProductColourRow = typeof productColours.$inferSelect;

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Stored lower-cased; unique among accounts. A guest's is the one given at checkout, or none yet. */
    email: text().notNull(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    phone: text().notNull().default(''),
    addressStreet: text(),
    addressCity: text(),
    addressState: text(),
    addressZip: text(),
    /** ISO 3166 code, one of the 24 of docs/product.md#entities. */
    addressCountry: text(),
    isEmailVerified: boolean().notNull().default(false),
    isAdmin: boolean().notNull().default(false),
    /** Back-office role (decision 018); the demo `isAdmin` toggle grants nothing. */
    role: text({ enum: USER_ROLES }).notNull().default('customer'),
    /**
     * A shopper's cart without an account (decision 072): made when guest checkout is on and a
     * visitor first changes a cart. It has no password and cannot sign in.
     */
    guest: boolean().notNull().default(false),
    termsAcceptedAt: timestamp({ withTimezone: true }),
    disabledAt: timestamp({ withTimezone: true }),
    /** Why: given by staff in the back office, or the fixed text of a customer closing their own account. */
    disabledReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Guests' addresses are the ones given at checkout (decision 072): several guests, and an
    // account, may share one, while no two accounts may.
    uniqueIndex('users_email_unique')
      .on(t.email)
      .where(sql`not ${t.guest}`),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('customer', 'staff', 'owner')`),
    index('users_staff_idx')
      .on(t.role)
      .where(sql`${t.role} <> 'customer'`),
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
    /** Extra headers, e.g. List-Unsubscribe on newsletter mail (RFC 8058). */
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt), index('mail_outbox_created_idx').on(t.createdAt)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type MailOutboxRow = typeof mailOutbox.$inferSelect;

/** One line of a customer's server-side cart; prices are never stored here, always read from products. */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colourId: uuid().notNull(),
    size: text().notNull(),
    quantity: integer().notNull(),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId, t.colourId, t.size] }),
    foreignKey({
      name: 'cart_items_colour_fk',
      columns: [t.productId, t.colourId],
      foreignColumns: [productColours.productId, productColours.id],
    }).onDelete('cascade'),
    check('cart_items_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

/** The coupon a customer applied to their cart, if any. */
export const cartCoupons = pgTable('cart_coupons', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text()
    .notNull()
    .references(() => coupons.code, { onDelete: 'cascade' }),
  appliedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const COUPON_KINDS = ['percent', 'fixed'] as const;

export const coupons = pgTable(
  'coupons',
  {
    /** Upper-case code customers type, e.g. WELCOME10. */
    code: text().primaryKey(),
    kind: text({ enum: COUPON_KINDS }).notNull(),
    /** Percent off (1–100) for 'percent'; cents off for 'fixed'. */
    value: integer().notNull(),
    minSubtotalCents: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }),
    usageLimit: integer(),
    usedCount: integer().notNull().default(0),
    description: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('coupons_code_upper', sql`${t.code} = upper(${t.code})`),
    check('coupons_value_check', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check('coupons_usage_check', sql`${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit}`),
  ],
);

export const ORDER_STATUSES = ['Processing', 'Shipped', 'Delivered', 'Cancelled'] as const;

/** Order numbers customers see (SH-10001, SH-10002…): short, increasing, never reused. */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 10001 });

/**
 * A payment the shop asked the card provider for: the amount the server computed from the cart,
 * and the cart it was computed from. One intent gives at most one order.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    /** The provider's id (pi_…). */
    id: text().primaryKey(),
    provider: text({ enum: ['test', 'stripe'] }).notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer().notNull(),
    currency: text().notNull().default('usd'),
    subtotalCents: integer().notNull(),
    discountCents: integer().notNull().default(0),
    taxCents: integer().notNull(),
    shippingCents: integer().notNull().default(0),
    /** The part of taxCents charged on shipping (docs/shipping-and-taxes.md). */
    shippingTaxCents: integer().notNull().default(0),
    /** Shelf prices included tax when the intent was priced: taxCents is then inside the subtotal and shipping. */
    pricesIncludeTax: boolean().notNull().default(false),
    shippingMethodName: text().notNull().default('Standard'),
    couponCode: text(),
    /** [{ productId, colourId, colourName, name, image, size, quantity, unitPriceCents, taxRateMilli, taxCents }] as priced when the intent was made. */
    cartSnapshot: jsonb().notNull(),
    shippingInfo: jsonb().notNull(),
    /** Last status seen from the provider. */
    status: text().notNull(),
    /** Why no order came of it (stock ran out, amount mismatch…), shown to the customer. */
    failureMessage: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_intents_user_idx').on(t.userId),
    index('payment_intents_status_idx').on(t.status, t.createdAt),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Human-friendly number shown to customers, e.g. SH-10042. */
    orderNumber: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Exactly one order per payment (docs/architecture.md#trust-boundaries): the unique index makes a second insert fail. */
    paymentIntentId: text()
      .notNull()
      .references(() => paymentIntents.id),
    itemsPriceCents: integer().notNull(),
    discountCents: integer().notNull().default(0),
    couponCode: text(),
    shippingCents: integer().notNull(),
    taxCents: integer().notNull(),
    totalCents: integer().notNull(),
    currency: text().notNull().default('usd'),
    status: text({ enum: ORDER_STATUSES }).notNull().default('Processing'),
    shippingName: text().notNull(),
    shippingAddress: text().notNull(),
    shippingCity: text().notNull(),
    shippingState: text().notNull(),
    shippingPostalCode: text().notNull(),
    shippingCountry: text().notNull(),
    shippingPhone: text().notNull(),
    shippingMethod: text().notNull().default('standard'),
    /** The method's name and the tax on shipping as charged; later changes to methods and rates never alter them. */
    shippingMethodName: text().notNull().default('Standard'),
    shippingTaxCents: integer().notNull().default(0),
    pricesIncludeTax: boolean().notNull().default(false),
    paymentMethod: text().notNull().default('card'),
    paymentStatus: text().notNull(),
    cardBrand: text(),
    cardLast4: text(),
    /** Set when staff ship the order (docs/product.md#order-lifecycle); shown to the customer. */
    carrier: text(),
    trackingNumber: text(),
    /** Cents given back so far (cancellation or returns); never above totalCents. */
    refundedCents: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_refunded_check', sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.totalCents}`),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    uniqueIndex('orders_payment_intent_unique').on(t.paymentIntentId),
    uniqueIndex('orders_number_unique').on(t.orderNumber),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    check('orders_total_check', sql`${t.totalCents} >= 0`),
  ],
);

/** Items with name, colour, image and price copied at purchase time, so later catalog edits never change an order. */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid().references(() => products.id, { onDelete: 'set null' }),
    /** The colour bought; null for orders placed before colours existed and once the colour is removed. */
    colourId: uuid().references(() => productColours.id, { onDelete: 'set null' }),
    name: text().notNull(),
    /** The colour's name at purchase; '' for orders placed before colours existed. */
    colourName: text().notNull().default(''),
    image: text().notNull(),
    size: text().notNull(),
    quantity: integer().notNull(),
    unitPriceCents: integer().notNull(),
    /** The line's tax as charged: thousandths of a percent (19000 = 19 %) and cents; 0 for orders placed before. */
    taxRateMilli: integer().notNull().default(0),
    taxCents: integer().notNull().default(0),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), check('order_items_quantity_check', sql`${t.quantity} >= 1`)],
);

/** Provider webhook events already handled, so a redelivery changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  id: text().primaryKey(),
  provider: text().notNull(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each customer's customer record at the card provider (a Stripe Customer): saved cards are attached
 * to it and payment intents carry it, so a card can only ever be used by the customer who owns it.
 * Kept by the checkout side, not in `users`: switching provider starts new records.
 */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text({ enum: ['test', 'stripe'] }).notNull(),
    /** The provider's id (cus_…). */
    customerId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.provider] }),
    uniqueIndex('payment_customers_customer_unique').on(t.provider, t.customerId),
  ],
);

/** Cards a customer chose to keep with the provider; only the provider's id and display details. */
export const savedPaymentMethods = pgTable(
  'saved_payment_methods',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentMethodId: text().notNull(),
    brand: text().notNull().default(''),
    last4: text().notNull().default(''),
    expMonth: integer(),
    expYear: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_payment_methods_user_pm_unique').on(t.userId, t.paymentMethodId)],
);

/**
 * State of the built-in test-mode card provider (payments/test-provider). It plays the remote
 * provider's part, so it keeps its own records and the shop reads them only through its API.
 */
export const testProviderIntents = pgTable('test_provider_intents', {
  id: text().primaryKey(),
  clientSecret: text().notNull(),
  amountCents: integer().notNull(),
  currency: text().notNull(),
  /** requires_payment_method · requires_action · requires_capture · succeeded · canceled */
  status: text().notNull(),
  captureMethod: text().notNull().default('manual'),
  /** The customer the intent was made for: the card confirmed on it is that customer's (null once detached). */
  customerId: text(),
  amountCapturableCents: integer().notNull().default(0),
  amountReceivedCents: integer().notNull().default(0),
  paymentMethodId: text(),
  cardBrand: text(),
  cardLast4: text(),
  /** Asked to keep the card for the customer's next orders (Stripe's `setup_future_usage`). */
  keepsCard: boolean().notNull().default(false),
  /** 'card', or 'test_wallet' for the redirect method approved on its own page. */
  methodType: text(),
  /** Where the test wallet sends the shopper back once they approved or declined. */
  returnUrl: text(),
  lastErrorCode: text(),
  lastErrorMessage: text(),
  metadata: jsonb().notNull().default({}),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Customer reviews, one per customer per product. The author's name is copied at write time (the
 * reviews module never reads the users table); seeded demo reviews have no account (userId null).
 * The product's `rating` and `reviewCount` are recomputed from these rows in the same transaction
 * as every change (docs/decisions/009-reviews.md).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    authorName: text().notNull(),
    rating: integer().notNull(),
    content: text().notNull(),
    verifiedPurchase: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set by moderation: a hidden review leaves the storefront, the rating and the distribution. */
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenReason: text(),
    hiddenBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('reviews_product_user_unique').on(t.productId, t.userId),
    index('reviews_product_created_idx').on(t.productId, t.createdAt),
    index('reviews_product_rating_idx').on(t.productId, t.rating),
    index('reviews_user_idx').on(t.userId),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;

export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;

/**
 * Newsletter subscriptions with double opt-in (decision 017): 'pending' until the emailed link is
 * followed. The confirm token is kept only as a hash; the unsubscribe token is kept as is, since
 * every newsletter mail must carry it and all it can do is unsubscribe this one address.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: text().notNull(),
    status: text({ enum: NEWSLETTER_STATUSES }).notNull().default('pending'),
    confirmTokenHash: text().notNull(),
    confirmExpiresAt: timestamp({ withTimezone: true }).notNull(),
    unsubscribeToken: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('newsletter_subscriptions_email_unique').on(t.email),
    uniqueIndex('newsletter_subscriptions_confirm_unique').on(t.confirmTokenHash),
    uniqueIndex('newsletter_subscriptions_unsubscribe_unique').on(t.unsubscribeToken),
    index('newsletter_subscriptions_confirmed_idx').on(t.status, t.confirmedAt),
  ],
);

/** The banner of each category page (docs/product.md#category-page: "each with a banner image"). */
export const categories = pgTable(
  'categories',
  {
    slug: text().primaryKey(),
    name: text().notNull(),
    /** A path served by the shop (/images/banners/…) or an absolute https URL. */
    bannerImage: text().notNull(),
    bannerAlt: text().notNull(),
    bannerWidth: integer().notNull(),
    bannerHeight: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('categories_slug_check', sql`${t.slug} in ('men', 'women', 'kids')`),
    check('categories_banner_size_check', sql`${t.bannerWidth} > 0 and ${t.bannerHeight} > 0`),
  ],
);
/**
 * Every back-office change (decision 018): who, when, what, before → after. Written in the same
 * transaction as the change by the audit service; rows are never updated or deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Null when the actor was the command line (create-owner) or the account was deleted. */
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;

/**
 * The stock ledger (decisions 019 and 043): every change of a variant's stock is a row, written in
 * the same transaction as the change, so the sum of a (product, colour, size)'s deltas is its stock.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colourId: uuid().notNull(),
    size: text().notNull(),
    delta: integer().notNull(),
    /** The size's stock right after this movement. */
    stockAfter: integer().notNull(),
    reason: text({ enum: STOCK_REASONS }).notNull(),
    note: text().notNull().default(''),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_size_idx').on(t.productId, t.colourId, t.size, t.createdAt),
    foreignKey({
      name: 'stock_movements_colour_fk',
      columns: [t.productId, t.colourId],
      foreignColumns: [productColours.productId, productColours.id],
    }).onDelete('cascade'),
    index('stock_movements_order_idx').on(t.orderId),
    check('stock_movements_after_check', sql`${t.stockAfter} >= 0`),
  ],
);

/** The shop's own settings: one row (id = 1), read by every instance. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer().primaryKey().default(1),
    lowStockThreshold: integer().notNull().default(5),
    /** Where the catalog import may fetch pictures from (decision 043): host names, `*.` wildcards or origins. */
    importImageHosts: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Days after delivery a customer may ask for a return (docs/after-purchase.md#returns). */
    returnWindowDays: integer().notNull().default(30),
    /** An erased customer's reviews: `keep` (under 'Former customer') or `remove` (docs/product.md#your-data). */
    erasedReviews: text().notNull().default('keep'),
    /** Visitors may fill a cart without an account (decision 072); off: they are asked to log in. */
    guestCheckout: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shop_settings_single_row', sql`${t.id} = 1`),
    check('shop_settings_return_window_check', sql`${t.returnWindowDays} between 0 and 365`),
    check('shop_settings_erased_reviews_check', sql`${t.erasedReviews} in ('keep', 'remove')`),
    check('shop_settings_low_stock_check', sql`${t.lowStockThreshold} >= 0`),
  ],
);

export const ORDER_EVENT_KINDS = ['placed', 'shipped', 'delivered', 'cancelled', 'refunded', 'refund-failed'] as const;

/** An order's timeline, oldest first; `data` holds the carrier, tracking number or refund amount. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text({ enum: ORDER_EVENT_KINDS }).notNull(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    data: jsonb().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/**
 * Money given back on an order (decision 019). The row is written before the provider is asked,
 * with the idempotency key the provider gets, so a retry can never refund twice; a refund made in
 * the provider's dashboard arrives by webhook and is matched on `providerRefundId`.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer().notNull(),
    /** The parts of amountCents that are tax and shipping (shipping's own tax counts in both). */
    taxCents: integer().notNull().default(0),
    shippingCents: integer().notNull().default(0),
    reason: text().notNull(),
    status: text({ enum: REFUND_STATUSES }).notNull().default('pending'),
    /** The key of the latest provider call; a retry after a refusal takes a new one (decision 030). */
    idempotencyKey: text().notNull(),
    /** Provider calls made for this refund: 1, then one more per retry from the back office. */
    attempts: integer().notNull().default(1),
    providerRefundId: text(),
    lastError: text(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_unique').on(t.idempotencyKey),
    uniqueIndex('refunds_provider_unique').on(t.providerRefundId),
    index('refunds_order_idx').on(t.orderId),
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** The test-mode provider's refunds (its own state, like test_provider_intents). */
export const testProviderRefunds = pgTable(
  'test_provider_refunds',
  {
    id: text().primaryKey(),
    intentId: text().notNull(),
    amountCents: integer().notNull(),
    idempotencyKey: text().notNull(),
    /** The shop's refund id, as Stripe keeps it in the refund's metadata; null for a dashboard refund. */
    shopRefundId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('test_provider_refunds_key_unique').on(t.idempotencyKey)],
);

export const CATALOG_IMPORT_STATUSES = ['planned', 'applying', 'done', 'failed'] as const;

/**
 * A catalog import (decision 043): planned by the dry run, applied in the background by whichever
 * instance holds the lease. In a table, not in memory, so every instance answers its progress and
 * a restart resumes it. Only one job is applying at a time (the partial unique index).
 */
export const catalogImports = pgTable(
  'catalog_imports',
  {
    id: uuid().primaryKey().defaultRandom(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    fileName: text().notNull(),
    defaultCategory: text(),
    status: text({ enum: CATALOG_IMPORT_STATUSES }).notNull().default('planned'),
    totalProducts: integer().notNull().default(0),
    doneProducts: integer().notNull().default(0),
    created: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    unchanged: integer().notNull().default(0),
    refused: integer().notNull().default(0),
    imagesFetched: integer().notNull().default(0),
    imagesSkipped: integer().notNull().default(0),
    /** The runner holding the job renews this; once it is past, any instance may take the job over. */
    leaseUntil: timestamp({ withTimezone: true }),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('catalog_imports_one_applying')
      .on(t.status)
      .where(sql`${t.status} = 'applying'`),
    index('catalog_imports_created_idx').on(t.createdAt),
  ],
);

export const CATALOG_IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'refuse'] as const;
export const CATALOG_IMPORT_LINE_STATES = ['planned', 'done', 'failed'] as const;

/** One product of an import's file: what the dry run decided, and once applied, what was done. */
export const catalogImportLines = pgTable(
  'catalog_import_lines',
  {
    importId: uuid()
      .notNull()
      .references(() => catalogImports.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    handle: text().notNull(),
    name: text().notNull().default(''),
    firstLine: integer().notNull(),
    action: text({ enum: CATALOG_IMPORT_ACTIONS }).notNull(),
    /** The report's words for what an update changes. */
    changes: jsonb().$type<string[]>().notNull().default([]),
    /** The normalised product to write; null for a refused line. */
    plan: jsonb(),
    /** [{ line, column, message }] */
    reasons: jsonb().notNull().default([]),
    state: text({ enum: CATALOG_IMPORT_LINE_STATES }).notNull().default('planned'),
    /** { stockDelta, imagesFetched, imagesSkipped: [{ url, reason }], error? } once applied. */
    outcome: jsonb(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.position] }),
    index('catalog_import_lines_action_idx').on(t.importId, t.action, t.position),
  ],
);

/** Where the shop ships (docs/shipping-and-taxes.md#zones): a set of countries, or the rest of the world. */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** Covers every country no other zone names; at most one zone is. */
    isRestOfWorld: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipping_zones_rest_of_world_unique')
      .on(t.isRestOfWorld)
      .where(sql`${t.isRestOfWorld}`),
  ],
);

/** A country of a zone; `states` narrows it (empty: the whole country). A country is in one zone at most. */
export const shippingZonePlaces = pgTable(
  'shipping_zone_places',
  {
    zoneId: uuid()
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    country: text().notNull(),
    states: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('shipping_zone_places_country_unique').on(t.country),
    index('shipping_zone_places_zone_idx').on(t.zoneId),
  ],
);

export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: uuid().primaryKey().defaultRandom(),
    zoneId: uuid()
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    /** What checkout sends as shippingMethod (`standard`, `express`); unique in its zone, never changed. */
    code: text().notNull(),
    name: text().notNull(),
    priceCents: integer().notNull(),
    /** Orders whose goods (after the coupon) reach this amount ship free by this method. */
    freeFromCents: integer(),
    estimate: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipping_methods_zone_code_unique').on(t.zoneId, t.code),
    uniqueIndex('shipping_methods_zone_name_unique').on(t.zoneId, sql`lower(${t.name})`),
    check('shipping_methods_price_check', sql`${t.priceCents} >= 0`),
    check('shipping_methods_free_from_check', sql`${t.freeFromCents} is null or ${t.freeFromCents} > 0`),
  ],
);

/** Tax per place (docs/shipping-and-taxes.md#taxes): a country (state '') or one of its states. */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid().primaryKey().defaultRandom(),
    country: text().notNull(),
    state: text().notNull().default(''),
    /** Thousandths of a percent: 7250 is 7.25 %. */
    rateMilli: integer().notNull(),
    /** null: shipping is not taxed there. */
    shippingRateMilli: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_rates_place_unique').on(t.country, sql`lower(${t.state})`),
    check('tax_rates_rate_check', sql`${t.rateMilli} between 0 and 100000`),
    check(
      'tax_rates_shipping_rate_check',
      sql`${t.shippingRateMilli} is null or ${t.shippingRateMilli} between 0 and 100000`,
    ),
  ],
);

/** How the shop states its prices, and the legal details its receipts carry: one row (id = 1). */
export const taxSettings = pgTable(
  'tax_settings',
  {
    id: integer().primaryKey().default(1),
    pricesIncludeTax: boolean().notNull().default(false),
    legalName: text().notNull().default(''),
    legalAddress: text().notNull().default(''),
    taxNumber: text().notNull().default(''),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('tax_settings_single_row', sql`${t.id} = 1`)],
);

/** A customer's address book (docs/shipping-and-taxes.md#address-book); the default mirrors the profile's address. */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text().notNull().default(''),
    name: text().notNull(),
    phone: text().notNull(),
    street: text().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    zip: text().notNull(),
    country: text().notNull(),
    isDefault: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('saved_addresses_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * The shop's own pages (terms, privacy, returns…; docs/product.md#store-pages): a row exists once
 * the owner saved the page; until then the page shows its starter text. `html` is the Markdown
 * rendered and sanitised when it was saved, so a read never parses Markdown.
 */
export const storePages = pgTable('store_pages', {
  slug: text().primaryKey(),
  title: text().notNull(),
  markdown: text().notNull(),
  html: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Surrogate keys a shared cache in front must purge (decision 063). Catalog triggers put a key
 * here at commit, by our code or by hand-written SQL; a worker's purger sends each to the purge
 * target and deletes it. One row per key: a burst of changes to one product is one purge.
 * `queuedAt` moves on every change, so a purge sent before a later change does not delete it.
 */
export const cachePurgeQueue = pgTable(
  'cache_purge_queue',
  {
    key: text().primaryKey(),
    queuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
  },
  (t) => [index('cache_purge_queue_due_idx').on(t.nextAttemptAt)],
);

/**
 * Collections (docs/collections.md): a page of products chosen by hand (`collection_products`, in
 * order) or by a rule (`rule`, applied by the listing's own filters when the page is read).
 */
export const collections = pgTable(
  'collections',
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** { image, alt, width, height }, stored like a category's banner; null for none. */
    banner: jsonb(),
    isHidden: boolean().notNull().default(false),
    visibleFrom: timestamp({ withTimezone: true }),
    visibleUntil: timestamp({ withTimezone: true }),
    kind: text({ enum: ['manual', 'rule'] }).notNull(),
    /** The rule's conditions (CollectionRuleSchema); null for a hand-picked collection. */
    rule: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('collections_slug_unique').on(t.slug),
    check('collections_slug_check', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('collections_kind_check', sql`${t.kind} in ('manual', 'rule')`),
    check(
      'collections_window_check',
      sql`${t.visibleFrom} is null or ${t.visibleUntil} is null or ${t.visibleFrom} < ${t.visibleUntil}`,
    ),
  ],
);

/** A hand-picked collection's products, in the order its page lists them. */
export const collectionProducts = pgTable(
  'collection_products',
  {
    collectionId: uuid()
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.productId] }),
    index('collection_products_product_idx').on(t.productId),
  ],
);

/**
 * The home page's sections staff chose: at most one hero and a few featured collections, in order.
 * No row is the default home page.
 */
export const homeSections = pgTable(
  'home_sections',
  {
    collectionId: uuid()
      .primaryKey()
      .references(() => collections.id, { onDelete: 'cascade' }),
    place: text({ enum: ['hero', 'featured'] }).notNull(),
    position: integer().notNull(),
  },
  (t) => [
    check('home_sections_place_check', sql`${t.place} in ('hero', 'featured')`),
    uniqueIndex('home_sections_hero_unique')
      .on(t.place)
      .where(sql`${t.place} = 'hero'`),
  ],
);
