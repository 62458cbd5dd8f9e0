import type { AdminProductListQuery } from '@shopper/contract';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { products, productSizes } from '../../../db/schema.ts';
import { likePattern } from '../../../lib/admin-page.ts';
import { pageTotal } from '../../../lib/page-total.ts';
import { adminProductViews } from './admin-product-view.ts';
import type { CatalogAdminDeps } from './catalog-admin-deps.ts';

const totalStock =
  sql<number>`(select coalesce(sum(${productSizes.stock}), 0) from ${productSizes} where ${productSizes.productId} = ${products.id})`.mapWith(
    Number,
  );

const SORT_COLUMN = {
  name: sql`lower(${products.name})`,
  price: sql`${products.priceCents}`,
  stock: totalStock,
  status: sql`${products.status}`,
  updatedAt: sql`${products.updatedAt}`,
  publishedAt: sql`${products.publishedAt}`,
} as const;

/** Products of every status: searched by name, slug or brand, filtered, sorted and paged. */
export async function listProducts(
  deps: Pick<CatalogAdminDeps, 'db' | 'images' | 'lowStockThreshold'>,
  query: AdminProductListQuery,
) {
  const { db } = deps;
  const where: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    where.push(or(ilike(products.name, pattern), ilike(products.slug, pattern), ilike(products.brand, pattern)) as SQL);
  }
  if (query.category) where.push(eq(products.category, query.category));
  if (query.status) where.push(eq(products.status, query.status));
  if (query.stock === 'out') where.push(sql`${totalStock} = 0`);
  if (query.stock === 'in') where.push(sql`${totalStock} > 0`);
  if (query.stock === 'low') {
    const threshold = await deps.lowStockThreshold();
    where.push(
      sql`exists (select 1 from ${productSizes} where ${productSizes.productId} = ${products.id} and ${productSizes.stock} <= ${threshold})`,
    );
  }
  const direction = query.dir === 'asc' ? asc : desc;
  const rows = await db
    .select({ product: products, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(and(...where))
    .orderBy(direction(SORT_COLUMN[query.sort]), asc(products.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const total = await pageTotal(rows, query.page, async () => {
    const [counted] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(and(...where));
    return counted?.n ?? 0;
  });
  const items = await adminProductViews(
    deps,
    db,
    rows.map((r) => r.product),
  );
  return { items, page: query.page, pageSize: query.pageSize, total };
}
