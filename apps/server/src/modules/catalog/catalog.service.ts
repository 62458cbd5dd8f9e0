import type { Category, ImageSource, Product, ProductListQuery, ProductSort } from '@shopper/contract';
import {
  ADULT_SIZES,
  CHECKOUT_MESSAGES,
  FEATURED_WOMEN_COUNT,
  KIDS_SIZES,
  MESSAGES,
  NEW_COLLECTION_COUNT,
  RELATED_PRODUCTS_COUNT,
  toCents,
  toDollars,
  totalPagesFor,
} from '@shopper/contract';
import type { SQL } from 'drizzle-orm';
import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { ProductRow } from '../../db/schema.ts';
import { products, productSizes } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { pageTotal } from '../../lib/page-total.ts';
import { toProductView } from './product-view.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const effectivePriceCents = sql`coalesce(${products.salePriceCents}, ${products.priceCents})`;
const discountRatio = sql`coalesce((${products.priceCents} - ${products.salePriceCents})::float8 / ${products.priceCents}, 0)`;

const ORDER_BY: Record<ProductSort, SQL[]> = {
  'price-asc': [sql`${effectivePriceCents} asc`],
  'price-desc': [sql`${effectivePriceCents} desc`],
  'date-newest': [desc(products.publishedAt)],
  'date-oldest': [asc(products.publishedAt)],
  discount: [sql`${discountRatio} desc`],
  rating: [desc(products.rating), desc(products.reviewCount)],
};

/**
 * Turns free text into a prefix-matching tsquery ("lin shir" finds "Linen Shirt"). Only letters
 * and digits survive, so no user input ever reaches the tsquery parser's operators.
 */
export function toPrefixTsQuery(text: string): string | null {
  const terms = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((term) => term.length > 0)
    .slice(0, 8);
  return terms.length === 0 ? null : terms.map((term) => `${term}:*`).join(' & ');
}

const CANONICAL_SIZES: readonly string[] = [...ADULT_SIZES, ...KIDS_SIZES];

/** Adult sizes from XS up, then kids' ages, then anything else alphabetically. */
export function sortSizes(sizes: string[]): string[] {
  const rank = (size: string) => {
    const index = CANONICAL_SIZES.indexOf(size);
    return index === -1 ? CANONICAL_SIZES.length : index;
  };
  return [...sizes].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export type ProductPage = {
  products: Product[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
};

export type CatalogService = ReturnType<typeof createCatalogService>;

/** What the cart reads of a product: its prices in cents and the stock of each size. */
export type CartProduct = {
  id: string;
  name: string;
  image: string;
  priceCents: number;
  salePriceCents: number | null;
  stockBySize: Map<string, number>;
};

/** One line of an order as stock sees it. */
export type StockLine = { productId: string; size: string; quantity: number; name: string };

/** A size ran out: checkout turns it into the customer's message and releases the payment. */
export class OutOfStockError extends AppError {
  readonly line: StockLine;
  readonly available: number;

  constructor(line: StockLine, available: number) {
    super('CONFLICT', CHECKOUT_MESSAGES.notEnoughStock(line.name, line.size, available));
    this.name = 'OutOfStockError';
    this.line = line;
    this.available = available;
  }
}

/** Same product and size once, quantities summed, in (productId, size) order: every locker takes the rows in one order. */
function mergeLines(lines: readonly StockLine[]): StockLine[] {
  const merged = new Map<string, StockLine>();
  for (const line of lines) {
    const key = `${line.productId}\u0000${line.size}`;
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  return [...merged.values()].sort((a, b) =>
    a.productId === b.productId ? (a.size < b.size ? -1 : a.size > b.size ? 1 : 0) : a.productId < b.productId ? -1 : 1,
  );
}

/** The storefront shows published products only: drafts are not ready, archived ones are withdrawn. */
const isOnSale = eq(products.status, 'published');

/** Variants of uploaded images by product id (the images module's answer). */
export type ImageSourcesOf = (productIds: readonly string[]) => Promise<Map<string, Record<string, ImageSource>>>;

export function createCatalogService({ db, imageSources }: { db: Database; imageSources?: ImageSourcesOf }) {
  async function withSizes(rows: ProductRow[]): Promise<Product[]> {
    if (rows.length === 0) return [];
    const sources = imageSources
      ? await imageSources(rows.map((row) => row.id))
      : new Map<string, Record<string, ImageSource>>();
    const sizeRows = await db
      .select({ productId: productSizes.productId, size: productSizes.size, stock: productSizes.stock })
      .from(productSizes)
      .where(
        inArray(
          productSizes.productId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(productSizes.position));
    const byProduct = new Map<string, { size: string; stock: number }[]>();
    for (const s of sizeRows) {
      const list = byProduct.get(s.productId) ?? [];
      list.push(s);
      byProduct.set(s.productId, list);
    }
    return rows.map((row) => toProductView(row, byProduct.get(row.id) ?? [], sources.get(row.id)));
  }

  function filters(query: ProductListQuery): SQL[] {
    const where: SQL[] = [isOnSale];
    if (query.category) where.push(eq(products.category, query.category));
    if (query.minPrice !== undefined && query.minPrice > 0) {
      where.push(sql`${effectivePriceCents} >= ${toCents(query.minPrice)}`);
    }
    if (query.maxPrice !== undefined && query.maxPrice > 0) {
      where.push(sql`${effectivePriceCents} <= ${toCents(query.maxPrice)}`);
    }
    if (query.rating !== undefined) where.push(sql`${products.rating} >= ${query.rating}`);
    if (query.discount === true) where.push(sql`${products.salePriceCents} is not null`);
    if (query.types && query.types.length > 0) {
      where.push(sql`${products.types} && ${sql.param(query.types)}::text[]`);
    }
    if (query.brand) where.push(sql`lower(${products.brand}) = lower(${query.brand})`);
    if (query.sizes && query.sizes.length > 0) {
      where.push(
        sql`exists (select 1 from ${productSizes} where ${productSizes.productId} = ${products.id} and ${productSizes.size} = any(${sql.param(query.sizes)}::text[]) and ${productSizes.stock} > 0)`,
      );
    }
    const tsQuery = query.q ? toPrefixTsQuery(query.q) : null;
    if (tsQuery) where.push(sql`${products.searchVector} @@ to_tsquery('english', ${tsQuery})`);
    return where;
  }

  function ordering(query: ProductListQuery): SQL[] {
    const tsQuery = query.q ? toPrefixTsQuery(query.q) : null;
    const primary =
      query.sort !== undefined
        ? ORDER_BY[query.sort]
        : tsQuery
          ? [sql`ts_rank(${products.searchVector}, to_tsquery('english', ${tsQuery})) desc`]
          : ORDER_BY['date-newest'];
    // The id breaks ties so pages never overlap or skip a product.
    return [...primary, asc(products.id)];
  }

  async function list(query: ProductListQuery): Promise<ProductPage> {
    const where = and(...filters(query));
    const offset = (query.page - 1) * query.limit;
    const rows = await db
      .select({ product: products, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(products)
      .where(where)
      .orderBy(...ordering(query))
      .limit(query.limit)
      .offset(offset);
    const total = await pageTotal(rows, query.page, async () => {
      const [counted] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(products)
        .where(where);
      return counted?.n ?? 0;
    });
    return {
      products: await withSizes(rows.map((r) => r.product)),
      total,
      page: query.page,
      limit: query.limit,
      totalPages: totalPagesFor(total, query.limit),
    };
  }

  async function findRow(id: string): Promise<ProductRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await db
      .select()
      .from(products)
      .where(and(eq(products.id, id), isOnSale))
      .limit(1);
    return row;
  }

  /**
   * Products by id with their sizes' stock, for the cart and checkout. Ids that name nothing are
   * simply absent from the map. `executor` lets a caller read inside its own transaction.
   */
  async function getForCart(productIds: readonly string[], executor: Database = db): Promise<Map<string, CartProduct>> {
    const ids = [...new Set(productIds)].filter((id) => UUID.test(id));
    const found = new Map<string, CartProduct>();
    if (ids.length === 0) return found;
    // One after the other: inside a caller's transaction both run on its single connection.
    // A product withdrawn from sale can no longer be added or bought; its lines drop out of carts.
    const rows = await executor
      .select()
      .from(products)
      .where(and(inArray(products.id, ids), isOnSale));
    const sizeRows = await executor
      .select({ productId: productSizes.productId, size: productSizes.size, stock: productSizes.stock })
      .from(productSizes)
      .where(inArray(productSizes.productId, ids));
    for (const row of rows) {
      found.set(row.id, {
        id: row.id,
        name: row.name,
        image: toProductView(row, []).image,
        priceCents: row.priceCents,
        salePriceCents: row.salePriceCents,
        stockBySize: new Map(),
      });
    }
    for (const s of sizeRows) found.get(s.productId)?.stockBySize.set(s.size, s.stock);
    return found;
  }

  /**
   * Takes the lines out of stock inside the caller's transaction (DESIGN.md: no size sold beyond
   * its stock). The rows are locked `for update` in one fixed order so concurrent checkouts queue
   * instead of deadlocking; nothing is written unless every line fits. Callers clear the catalog
   * read cache after their commit.
   */
  async function reserveStock(tx: Database, lines: readonly StockLine[]): Promise<void> {
    const wanted = mergeLines(lines);
    if (wanted.length === 0) return;
    const locked = await tx
      .select({ productId: productSizes.productId, size: productSizes.size, stock: productSizes.stock })
      .from(productSizes)
      .where(or(...wanted.map((l) => and(eq(productSizes.productId, l.productId), eq(productSizes.size, l.size)))))
      .orderBy(asc(productSizes.productId), asc(productSizes.size))
      .for('update');
    for (const line of wanted) {
      const row = locked.find((r) => r.productId === line.productId && r.size === line.size);
      const available = row?.stock ?? 0;
      if (available < line.quantity) throw new OutOfStockError(line, available);
    }
    for (const line of wanted) {
      await tx
        .update(productSizes)
        .set({ stock: sql`${productSizes.stock} - ${line.quantity}` })
        .where(and(eq(productSizes.productId, line.productId), eq(productSizes.size, line.size)));
    }
  }

  /** Puts the lines back (an order that was cancelled); sizes withdrawn since are skipped. */
  async function restock(tx: Database, lines: readonly StockLine[]): Promise<void> {
    for (const line of mergeLines(lines)) {
      await tx
        .update(productSizes)
        .set({ stock: sql`${productSizes.stock} + ${line.quantity}` })
        .where(and(eq(productSizes.productId, line.productId), eq(productSizes.size, line.size)));
    }
  }

  return {
    list,
    getForCart,
    reserveStock,
    restock,

    /** Whether an id names a product; a malformed id names none. */
    async exists(id: string): Promise<boolean> {
      if (!UUID.test(id)) return false;
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, id), isOnSale))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Locks the product row inside the caller's transaction before its rating summary is
     * recomputed, so concurrent review writes queue and the last one counts every review. `no key
     * update` leaves foreign-key checks (cart lines, order items, reviews) unblocked. Customers
     * review published products only; moderation (`isAnyStatus`) reaches every product.
     */
    async lockForRatingChange(tx: Database, id: string, { isAnyStatus = false } = {}): Promise<boolean> {
      if (!UUID.test(id)) return false;
      const [row] = await tx
        .select({ id: products.id })
        .from(products)
        .where(isAnyStatus ? eq(products.id, id) : and(eq(products.id, id), isOnSale))
        .for('no key update');
      return row !== undefined;
    },

    /** Sizes of published products at or below the threshold, emptiest first (the back office's Home). */
    async lowStockSizes(threshold: number, limit = 20) {
      return db
        .select({
          productId: products.id,
          name: products.name,
          slug: products.slug,
          size: productSizes.size,
          stock: productSizes.stock,
        })
        .from(productSizes)
        .innerJoin(products, eq(products.id, productSizes.productId))
        .where(and(isOnSale, sql`${productSizes.stock} <= ${threshold}`))
        .orderBy(asc(productSizes.stock), asc(products.name), asc(productSizes.position))
        .limit(limit);
    },

    /** Names of products whatever their status (back-office lists of reviews and figures). */
    async namesOf(ids: readonly string[]): Promise<Map<string, string>> {
      const wanted = [...new Set(ids)].filter((id) => UUID.test(id));
      if (wanted.length === 0) return new Map();
      const rows = await db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(inArray(products.id, wanted));
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    /** Writes a rating summary the reviews module computed; callers clear the read cache after commit. */
    async setRatingSummary(tx: Database, id: string, summary: { rating: number; reviewCount: number }): Promise<void> {
      await tx
        .update(products)
        .set({ rating: summary.rating, reviewCount: summary.reviewCount })
        .where(eq(products.id, id));
    },

    async getById(id: string): Promise<Product> {
      const row = await findRow(id);
      if (!row) throw new AppError('NOT_FOUND', MESSAGES.productIdNotFound(id));
      const [product] = await withSizes([row]);
      return product as Product;
    },

    async getBySlug(slug: string): Promise<Product> {
      const [row] = await db
        .select()
        .from(products)
        .where(and(eq(products.slug, slug), isOnSale))
        .limit(1);
      if (!row) throw new AppError('NOT_FOUND', MESSAGES.productSlugNotFound(slug));
      const [product] = await withSizes([row]);
      return product as Product;
    },

    /**
     * Products on sale with when each last changed, for the sitemap: the `limit` most recently
     * changed. Three columns, so even a large catalog is one light query.
     */
    async publishedSlugs(limit: number): Promise<{ slug: string; category: Category; updatedAt: Date }[]> {
      const rows = await db
        .select({ slug: products.slug, category: products.category, updatedAt: products.updatedAt })
        .from(products)
        .where(isOnSale)
        .orderBy(desc(products.updatedAt), asc(products.slug))
        .limit(limit);
      return rows.map((row) => ({ ...row, category: row.category as Category }));
    },

    /** 'Popular For Women' on the home page: the best-rated women's products. */
    async featuredWomen(): Promise<Product[]> {
      const rows = await db
        .select()
        .from(products)
        .where(and(eq(products.category, 'women'), isOnSale))
        .orderBy(desc(products.rating), desc(products.reviewCount), asc(products.id))
        .limit(FEATURED_WOMEN_COUNT);
      return withSizes(rows);
    },

    /** 'New Collection' on the home page: the newest products of every category. */
    async newCollection(): Promise<Product[]> {
      const rows = await db
        .select()
        .from(products)
        .where(isOnSale)
        .orderBy(desc(products.publishedAt), asc(products.id))
        .limit(NEW_COLLECTION_COUNT);
      return withSizes(rows);
    },

    /** Same category, the excluded product left out; those sharing its types come first. */
    async related(category: Category, excludeId: string): Promise<Product[]> {
      const excluded = await findRow(excludeId);
      if (!excluded) throw new AppError('NOT_FOUND', MESSAGES.productIdNotFound(excludeId));
      const sharesType = sql`(${products.types} && ${sql.param(excluded.types)}::text[])`;
      const rows = await db
        .select()
        .from(products)
        .where(and(eq(products.category, category), ne(products.id, excluded.id), isOnSale))
        .orderBy(sql`${sharesType} desc`, desc(products.rating), asc(products.id))
        .limit(RELATED_PRODUCTS_COUNT);
      return withSizes(rows);
    },

    async facets(category: Category | undefined) {
      const scope = category ? and(eq(products.category, category), isOnSale) : isOnSale;
      const [typeRows, sizeRows, [summary]] = await Promise.all([
        db
          .selectDistinct({ type: sql<string>`unnest(${products.types})` })
          .from(products)
          .where(scope),
        db
          .selectDistinct({ size: productSizes.size })
          .from(productSizes)
          .innerJoin(products, eq(products.id, productSizes.productId))
          .where(scope),
        db
          .select({
            brands: sql<string[] | null>`array_agg(distinct ${products.brand})`,
            maxPriceCents: sql<number>`coalesce(max(${effectivePriceCents}), 0)`.mapWith(Number),
          })
          .from(products)
          .where(scope),
      ]);
      return {
        types: typeRows.map((r) => r.type).sort(),
        sizes: sortSizes(sizeRows.map((r) => r.size)),
        brands: [...(summary?.brands ?? [])].sort(),
        maxPrice: toDollars(summary?.maxPriceCents ?? 0),
      };
    },
  };
}
