import { type AdminProduct, type AdminProductColour, toDollars } from '@shopper/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { orderItems, orders, type ProductRow } from '../../../db/schema.ts';
import { type ColourRow, coloursOf, defaultColourOf, familyOf } from '../product-colours.ts';
import { variantsOf } from '../products-with-sizes.ts';
import type { CatalogAdminDeps } from './catalog-admin-deps.ts';

/**
 * Colours held by an order in Processing or Shipped: they may be hidden, not removed. A read-only
 * look at the orders' tables, like the back office's other lists that name what an order holds.
 */
export async function coloursOnOpenOrders(executor: Database, colourIds: readonly string[]): Promise<Set<string>> {
  if (colourIds.length === 0) return new Set();
  const rows = await executor
    .selectDistinct({ colourId: orderItems.colourId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(orderItems.colourId, [...colourIds]), inArray(orders.status, ['Processing', 'Shipped'])));
  return new Set(rows.flatMap((row) => (row.colourId ? [row.colourId] : [])));
}

/** Products as the back office shows them: every colour with its gallery and its stock per size. */
export async function adminProductViews(
  { images }: Pick<CatalogAdminDeps, 'images'>,
  executor: Database,
  rows: ProductRow[],
): Promise<AdminProduct[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const colourRows = await coloursOf(executor, ids);
  const variantRows = await variantsOf(executor, ids);
  const sources = await images.sourcesFor(ids, executor);
  const open = await coloursOnOpenOrders(
    executor,
    [...colourRows.values()].flat().map((c) => c.id),
  );
  return rows.map((row) => {
    const variants = variantRows.get(row.id) ?? [];
    const uploaded = sources.get(row.id) ?? {};
    const colourList = colourRows.get(row.id) ?? [];
    const sizeNames = [...new Set(variants.map((v) => v.size))];
    const sizes = sizeNames.map((size) => ({
      size,
      stock: variants.filter((v) => v.size === size).reduce((sum, v) => sum + v.stock, 0),
    }));
    const imagesOf = (colour: ColourRow | undefined) => {
      const list = colour?.images ?? [];
      const mainIndex = colour && colour.mainImageIndex < list.length ? colour.mainImageIndex : 0;
      return list.map((url, index) => {
        const source = uploaded[url];
        return {
          url,
          isMain: index === mainIndex,
          isUploaded: source !== undefined,
          ...(source ? { srcSet: source.srcSet, width: source.width, height: source.height } : {}),
        };
      });
    };
    const colours: AdminProductColour[] = colourList.map((colour) => {
      const gallery = imagesOf(colour);
      const colourSizes = sizeNames.map((size) => {
        const variant = variants.find((v) => v.colourId === colour.id && v.size === size);
        return { size, stock: variant?.stock ?? 0, sku: variant?.sku ?? '' };
      });
      return {
        id: colour.id,
        slug: colour.slug,
        name: colour.name,
        swatch: colour.swatch,
        family: familyOf(colour),
        position: colour.position,
        isHidden: colour.hiddenAt !== null,
        hasOpenOrders: open.has(colour.id),
        images: gallery,
        mainImage: gallery.find((image) => image.isMain)?.url ?? null,
        sizes: colourSizes,
        totalStock: colourSizes.reduce((sum, s) => sum + s.stock, 0),
      };
    });
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      brand: row.brand,
      category: row.category as AdminProduct['category'],
      status: row.status,
      shortDescription: row.shortDescription,
      longDescription: row.longDescription,
      tags: row.tags,
      types: row.types,
      price: toDollars(row.priceCents),
      salePrice: row.salePriceCents === null ? null : toDollars(row.salePriceCents),
      // Hidden colours count: their stock is still on the shelf (decision 043).
      sizes,
      totalStock: sizes.reduce((sum, s) => sum + s.stock, 0),
      images: imagesOf(defaultColourOf(colourList)),
      colours,
      rating: row.rating,
      reviewCount: row.reviewCount,
      publishedAt: row.publishedAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

export async function adminProductView(
  deps: Pick<CatalogAdminDeps, 'images'>,
  executor: Database,
  row: ProductRow,
): Promise<AdminProduct> {
  const [view] = await adminProductViews(deps, executor, [row]);
  return view as AdminProduct;
}
