import { sql } from 'drizzle-orm';
import {
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
