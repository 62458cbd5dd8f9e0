import type { Category, Product, ProductListQuery, ProductSort } from '@shopper/contract';
import {
  ADULT_SIZES,
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
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { ProductRow } from '../../db/schema.ts';
import { products, productSizes } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { pageTotal } from '../../lib/page-total.ts';
import { getForCart } from './cart-products.ts';
import type { CatalogDeps } from './catalog-deps.ts';
import { lockForRatingChange, setRatingSummary } from './product-ratings.ts';
import { effectivePriceCents, isOnSale, isProductId } from './product-sql.ts';
import { withSizes } from './products-with-sizes.ts';
import { reserveStock, restock } from './stock-reservation.ts';

export type { CartProduct } from './cart-products.ts';
export type { ImageSourcesOf } from './catalog-deps.ts';
export { OutOfStockError, type StockLine } from './stock-reservation.ts';

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

export function createCatalogService(deps: CatalogDeps) {
  const { db } = deps;

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
      products: await withSizes(
        deps,
        rows.map((r) => r.product),
      ),
      total,
      page: query.page,
      limit: query.limit,
      totalPages: totalPagesFor(total, query.limit),
    };
  }

  async function findRow(id: string): Promise<ProductRow | undefined> {
    if (!isProductId(id)) return undefined;
    const [row] = await db
      .select()
      .from(products)
      .where(and(eq(products.id, id), isOnSale))
      .limit(1);
    return row;
  }

  return {
    list,
    getForCart: (productIds: readonly string[], executor?: Database) => getForCart(deps, productIds, executor),
    reserveStock,
    restock,
    lockForRatingChange,
    setRatingSummary,

    /** Whether an id names a product; a malformed id names none. */
    async exists(id: string): Promise<boolean> {
      if (!isProductId(id)) return false;
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, id), isOnSale))
        .limit(1);
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
      const wanted = [...new Set(ids)].filter((id) => isProductId(id));
      if (wanted.length === 0) return new Map();
      const rows = await db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(inArray(products.id, wanted));
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    async getById(id: string): Promise<Product> {
      const row = await findRow(id);
      if (!row) throw new AppError('NOT_FOUND', MESSAGES.productIdNotFound(id));
      const [product] = await withSizes(deps, [row]);
      return product as Product;
    },

    async getBySlug(slug: string): Promise<Product> {
      const [row] = await db
        .select()
        .from(products)
        .where(and(eq(products.slug, slug), isOnSale))
        .limit(1);
      if (!row) throw new AppError('NOT_FOUND', MESSAGES.productSlugNotFound(slug));
      const [product] = await withSizes(deps, [row]);
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
      return withSizes(deps, rows);
    },

    /** 'New Collection' on the home page: the newest products of every category. */
    async newCollection(): Promise<Product[]> {
      const rows = await db
        .select()
        .from(products)
        .where(isOnSale)
        .orderBy(desc(products.publishedAt), asc(products.id))
        .limit(NEW_COLLECTION_COUNT);
      return withSizes(deps, rows);
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
      return withSizes(deps, rows);
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
