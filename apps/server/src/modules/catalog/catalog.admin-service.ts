import {
  ADMIN_CATALOG_MESSAGES as M,
  type AdminProduct,
  type AdminProductColour,
  DEFAULT_COLOUR_NAME,
  type AdminProductListQuery,
  type ProductCreateBodySchema,
  type ProductGalleryBody,
  type ProductStatus,
  type ProductUpdateBodySchema,
  MAX_PRODUCT_IMAGES,
  SLUG_PATTERN,
  toCents,
  toDollars,
} from '@shopper/contract';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { orderItems, orders, productColours, type ProductRow, products, productSizes } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { likePattern } from '../../lib/admin-page.ts';
import { pageTotal } from '../../lib/page-total.ts';
import type { AuditRecorder } from '../audit/index.ts';
import { setStockContext } from '../stock/index.ts';
import type { ProductImagesService } from '../images/index.ts';
import type { CatalogChanges } from './catalog-changes.ts';
import { type ColourRow, colourSlug, coloursOf, defaultColourOf, familyOf, NEUTRAL_SWATCH } from './product-colours.ts';
import { variantsOf } from './products-with-sizes.ts';
import { colourOfProduct, createColoursAdminService } from './colours.admin-service.ts';
import { readCatalogFile } from './catalog-file.ts';
import type {
  ImportContext,
  ImportedColour,
  ImportedPicture,
  ImportedProduct,
  ImportResult,
} from './product-import.ts';

type ProductCreateInput = z.output<typeof ProductCreateBodySchema>;
type ProductUpdateInput = z.output<typeof ProductUpdateBodySchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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

/** A slug from a name: ASCII lower-case words joined by hyphens ("Été Linen Shirt" → "ete-linen-shirt"). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return slug || 'product';
}

const slugTaken = () => new AppError('CONFLICT', M.slugTaken, [{ param: 'slug', msg: M.slugTaken }]);
const notFound = () => new AppError('NOT_FOUND', M.productNotFound);

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const e = cause as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (e.constraint === constraint || (e.message ?? '').includes(constraint));
}

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;

/**
 * The back office's side of the catalog (docs/product.md#back-office): every product whatever its status,
 * edits, publishing and the gallery. Every change writes its audit row in its own transaction and
 * clears the storefront's read cache after the commit, so the change shows at once.
 */
export function createCatalogAdminService({
  db,
  images,
  audit,
  catalogChanges,
  clock,
  lowStockThreshold,
}: {
  db: Database;
  images: ProductImagesService;
  audit: AuditRecorder;
  catalogChanges: CatalogChanges;
  clock: () => Date;
  lowStockThreshold: () => Promise<number>;
}) {
  /**
   * Colours held by an order in Processing or Shipped: they may be hidden, not removed. A read-only
   * look at the orders' tables, like the back office's other lists that name what an order holds.
   */
  async function coloursOnOpenOrders(executor: Database, colourIds: readonly string[]): Promise<Set<string>> {
    if (colourIds.length === 0) return new Set();
    const rows = await executor
      .selectDistinct({ colourId: orderItems.colourId })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(inArray(orderItems.colourId, [...colourIds]), inArray(orders.status, ['Processing', 'Shipped'])));
    return new Set(rows.flatMap((row) => (row.colourId ? [row.colourId] : [])));
  }

  async function views(rows: ProductRow[], executor: Database = db): Promise<AdminProduct[]> {
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

  async function lockRow(tx: Database, id: string): Promise<ProductRow> {
    if (!UUID.test(id)) throw notFound();
    // No key update: an order line being written for the product (a key share lock, its foreign
    // key) goes on without waiting for a back-office edit of it.
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('no key update');
    if (!row) throw notFound();
    return row;
  }

  async function viewOf(tx: Database, row: ProductRow): Promise<AdminProduct> {
    const [view] = await views([row], tx);
    return view as AdminProduct;
  }

  /** Runs one change: lock, change, audit before → after, commit, then clear the storefront cache. */
  async function change(
    actorId: string,
    id: string,
    action: string,
    apply: (tx: Database, row: ProductRow) => Promise<void>,
  ): Promise<AdminProduct> {
    const result = await db.transaction(async (tx) => {
      const row = await lockRow(tx, id);
      const before = await viewOf(tx, row);
      await apply(tx, row);
      const after = await viewOf(tx, await lockRow(tx, id));
      await audit.record(tx, { actorId, action, entity: 'product', entityId: id, before, after });
      return after;
    });
    catalogChanges.changedHere();
    return result;
  }

  async function isSlugFree(executor: Database, slug: string, excludeId?: string): Promise<boolean> {
    const [row] = await executor.select({ id: products.id }).from(products).where(eq(products.slug, slug)).limit(1);
    return !row || row.id === excludeId;
  }

  async function freeSlugFrom(executor: Database, base: string): Promise<string> {
    for (let n = 1; n < 1000; n += 1) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (await isSlugFree(executor, candidate)) return candidate;
    }
    throw slugTaken();
  }

  /**
   * Sets the product's sizes, in picker order, for every colour at once: the grid stays full (each
   * colour has a row for each size), a new size starts at `stock` of its colour or 0, and a size is
   * removed from every colour only when no colour has stock of it.
   */
  async function writeSizes(
    tx: Database,
    productId: string,
    sizes: readonly string[],
    stockOf: (colourId: string) => Record<string, number> = () => ({}),
  ) {
    const colours = await tx
      .select({ id: productColours.id })
      .from(productColours)
      .where(eq(productColours.productId, productId));
    const current = await tx
      .select({ size: productSizes.size, stock: productSizes.stock })
      .from(productSizes)
      .where(eq(productSizes.productId, productId));
    const goneSizes = [...new Set(current.map((c) => c.size))].filter((size) => !sizes.includes(size));
    for (const gone of goneSizes) {
      const stock = current.filter((c) => c.size === gone).reduce((sum, c) => sum + c.stock, 0);
      if (stock > 0) {
        const message = M.sizeHasStock(gone, stock);
        throw new AppError('CONFLICT', message, [{ param: 'sizes', msg: message }]);
      }
      await tx.delete(productSizes).where(and(eq(productSizes.productId, productId), eq(productSizes.size, gone)));
    }
    for (const colour of colours) {
      const stock = stockOf(colour.id);
      for (const [position, size] of sizes.entries()) {
        await tx
          .insert(productSizes)
          // Own keys only: a size named like an Object property ('constructor', '__proto__') has no opening stock.
          .values({
            productId,
            colourId: colour.id,
            size,
            position,
            stock: Object.hasOwn(stock, size) ? (stock[size] ?? 0) : 0,
          })
          .onConflictDoUpdate({
            target: [productSizes.productId, productSizes.colourId, productSizes.size],
            set: { position },
          });
      }
    }
  }

  /**
   * The colour a gallery change acts on: the one named, or for the product's own gallery routes
   * the default one (decision 043); a colour of another product is not found.
   */
  async function lockColour(tx: Database, productId: string, colourId?: string): Promise<ColourRow> {
    const colour = await colourFor(tx, productId, colourId);
    await tx
      .select({ id: productColours.id })
      .from(productColours)
      .where(eq(productColours.id, colour.id))
      .for('update');
    return colour;
  }

  async function colourFor(executor: Database, productId: string, colourId?: string): Promise<ColourRow> {
    if (colourId !== undefined) return (await colourOfProduct(executor, productId, colourId)).colour;
    const colour = defaultColourOf((await coloursOf(executor, [productId])).get(productId) ?? []);
    if (!colour) throw notFound();
    return colour;
  }

  /** The URLs of a gallery to write: kept pictures as they are, fetched ones attached with their source. */
  async function galleryUrls(tx: Database, productId: string, pictures: readonly ImportedPicture[]): Promise<string[]> {
    const urls: string[] = [];
    for (const picture of pictures) {
      const url =
        'url' in picture ? picture.url : (await images.attach(tx, productId, picture.picture, picture.sourceUrl)).url;
      if (!urls.includes(url)) urls.push(url);
    }
    return urls;
  }

  /**
   * Writes one product of a catalog import in the caller's transaction (decision 043, "Import
   * pipeline", step 4): locks or creates the product by slug, writes its fields, adds or updates
   * its colours by name and its sizes by name, SKUs and stock (under the import's stock context,
   * so the ledger's trigger writes each change with its delta), attaches the fetched pictures with
   * their source, and records `product.import` with before and after. Never removes a colour or a
   * size: the grid stays full, a size new to the product starting at 0 in the colours the file
   * leaves out.
   */
  async function importProduct(tx: Database, input: ImportedProduct, context: ImportContext): Promise<ImportResult> {
    const now = clock();
    const fields = {
      name: input.name,
      brand: input.brand,
      category: input.category,
      shortDescription: input.shortDescription,
      longDescription: input.longDescription,
      tags: input.tags,
      types: input.types,
      priceCents: input.priceCents,
      salePriceCents: input.salePriceCents,
      status: input.status,
    };
    const [existing] = await tx.select().from(products).where(eq(products.slug, input.slug)).for('update');
    const before = existing ? await viewOf(tx, existing) : null;
    const [row] = existing
      ? await tx
          .update(products)
          .set({
            ...fields,
            updatedAt: now,
            // As publishing from the editor: the storefront's "newest" order counts from the first publication.
            ...(input.status === 'published' && existing.status === 'draft' ? { publishedAt: now } : {}),
          })
          .where(eq(products.id, existing.id))
          .returning()
      : await tx
          .insert(products)
          .values({ slug: input.slug, ...fields, publishedAt: now, updatedAt: now })
          .returning();
    if (!row) throw new Error('importing a product returned no row');
    await setStockContext(tx, { reason: 'import', note: context.note, actorId: context.actorId });

    const key = (name: string) => name.toLowerCase();
    const colourRows = (await coloursOf(tx, [row.id])).get(row.id) ?? [];
    const variants = (await variantsOf(tx, [row.id])).get(row.id) ?? [];
    const sizePositions = new Map<string, number>();
    for (const variant of variants)
      if (!sizePositions.has(variant.size)) sizePositions.set(variant.size, variant.position);
    let nextSizePosition = Math.max(-1, ...sizePositions.values()) + 1;
    for (const colour of input.colours) {
      for (const { size } of colour.sizes) {
        if (![...sizePositions.keys()].some((name) => key(name) === key(size))) {
          sizePositions.set(size, nextSizePosition);
          nextSizePosition += 1;
        }
      }
    }

    const colourIds = colourRows.map((colour) => colour.id);
    const slugs = colourRows.map((colour) => colour.slug);
    let nextColourPosition = Math.max(-1, ...colourRows.map((colour) => colour.position)) + 1;
    const plannedByColour = new Map<string, ImportedColour>();
    for (const colour of input.colours) {
      const gallery = colour.images === null ? null : await galleryUrls(tx, row.id, colour.images);
      const match = colourRows.find((candidate) => key(candidate.name) === key(colour.name));
      if (match) {
        const main = match.images[match.mainImageIndex] ?? match.images[0];
        const current = main === undefined ? [] : [main, ...match.images.filter((url) => url !== main)];
        const isNewGallery =
          gallery !== null &&
          gallery.length > 0 &&
          (gallery.length !== current.length || gallery.some((url, index) => url !== current[index]));
        const set = {
          ...(match.name !== colour.name ? { name: colour.name } : {}),
          ...(match.swatch !== colour.swatch ? { swatch: colour.swatch } : {}),
          // The file lists the colour as on sale: a hidden colour of that name shows again.
          ...(match.hiddenAt !== null ? { hiddenAt: null } : {}),
          ...(isNewGallery ? { images: gallery, mainImageIndex: 0 } : {}),
        };
        if (Object.keys(set).length > 0) {
          await tx
            .update(productColours)
            .set({ ...set, updatedAt: now })
            .where(eq(productColours.id, match.id));
        }
        plannedByColour.set(match.id, colour);
      } else {
        const slug = colourSlug(colour.name, slugs);
        slugs.push(slug);
        const [inserted] = await tx
          .insert(productColours)
          .values({
            productId: row.id,
            slug,
            name: colour.name,
            swatch: colour.swatch,
            position: nextColourPosition,
            images: gallery ?? [],
            mainImageIndex: 0,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: productColours.id });
        if (!inserted) throw new Error('importing a colour returned no row');
        nextColourPosition += 1;
        colourIds.push(inserted.id);
        plannedByColour.set(inserted.id, colour);
      }
    }

    let stockDelta = 0;
    const newVariants: (typeof productSizes.$inferInsert)[] = [];
    for (const colourId of colourIds) {
      const planned = plannedByColour.get(colourId);
      for (const [size, position] of sizePositions) {
        const wanted = planned?.sizes.find((candidate) => key(candidate.size) === key(size));
        const had = variants.find((variant) => variant.colourId === colourId && variant.size === size);
        if (had) {
          const stock = wanted?.quantity ?? had.stock;
          const sku = wanted?.sku ?? had.sku;
          if (stock === had.stock && sku === had.sku) continue;
          // Only a changed stock is written: the ledger's trigger fires on any write of the column.
          await tx
            .update(productSizes)
            .set({ ...(stock !== had.stock ? { stock } : {}), ...(sku !== had.sku ? { sku } : {}) })
            .where(
              and(eq(productSizes.productId, row.id), eq(productSizes.colourId, colourId), eq(productSizes.size, size)),
            );
          stockDelta += stock - had.stock;
        } else {
          const stock = wanted?.quantity ?? 0;
          newVariants.push({ productId: row.id, colourId, size, position, stock, sku: wanted?.sku ?? '' });
          stockDelta += stock;
        }
      }
    }
    if (newVariants.length > 0) await tx.insert(productSizes).values(newVariants);

    const after = await viewOf(tx, row);
    await audit.record(tx, {
      actorId: context.actorId,
      action: 'product.import',
      entity: 'product',
      entityId: row.id,
      before,
      after,
    });
    return { productId: row.id, isNew: existing === undefined, stockDelta };
  }

  return {
    colours: createColoursAdminService({ change, images, clock, coloursOnOpenOrders }),
    importProduct,

    /** After an import's transaction commits: every instance drops its cached catalog (decision 028). */
    importCommitted: () => catalogChanges.changedHere(),

    /** Products as the catalog file sees them (decision 043): those of `slugs`, or all, in slug order. */
    fileProducts: (slugs?: readonly string[]) => readCatalogFile(db, slugs),

    async list(query: AdminProductListQuery) {
      const where: SQL[] = [];
      if (query.q) {
        const pattern = likePattern(query.q);
        where.push(
          or(ilike(products.name, pattern), ilike(products.slug, pattern), ilike(products.brand, pattern)) as SQL,
        );
      }
      if (query.category) where.push(eq(products.category, query.category));
      if (query.status) where.push(eq(products.status, query.status));
      if (query.stock === 'out') where.push(sql`${totalStock} = 0`);
      if (query.stock === 'in') where.push(sql`${totalStock} > 0`);
      if (query.stock === 'low') {
        const threshold = await lowStockThreshold();
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
      return { items: await views(rows.map((r) => r.product)), page: query.page, pageSize: query.pageSize, total };
    },

    async get(id: string): Promise<AdminProduct> {
      if (!UUID.test(id)) throw notFound();
      const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
      if (!row) throw notFound();
      return viewOf(db, row);
    },

    /** For the form's live check: malformed and taken slugs are not available. */
    async checkSlug(slug: string, excludeId?: string): Promise<{ available: boolean; message?: string }> {
      if (!SLUG_PATTERN.test(slug) || slug.length > 120) return { available: false, message: M.slugInvalid };
      return (await isSlugFree(db, slug, excludeId)) ? { available: true } : { available: false, message: M.slugTaken };
    },

    async create(actorId: string, input: ProductCreateInput): Promise<AdminProduct> {
      const now = clock();
      try {
        const result = await db.transaction(async (tx) => {
          let slug = input.slug;
          if (slug === undefined) slug = await freeSlugFrom(tx, slugify(input.name));
          else if (!(await isSlugFree(tx, slug))) throw slugTaken();
          const [row] = await tx
            .insert(products)
            .values({
              slug,
              name: input.name,
              brand: input.brand,
              category: input.category,
              shortDescription: input.shortDescription,
              longDescription: input.longDescription,
              tags: input.tags,
              types: input.types,
              priceCents: toCents(input.price),
              salePriceCents: input.salePrice === null ? null : toCents(input.salePrice),
              status: input.status,
              publishedAt: now,
              updatedAt: now,
            })
            .returning();
          if (!row) throw new Error('creating a product returned no row');
          const colours = input.colours ?? [{ name: DEFAULT_COLOUR_NAME, swatch: NEUTRAL_SWATCH, stock: input.stock }];
          const slugs: string[] = [];
          const stockByColour = new Map<string, Record<string, number>>();
          for (const [position, colour] of colours.entries()) {
            const slug = colourSlug(colour.name, slugs);
            slugs.push(slug);
            const [inserted] = await tx
              .insert(productColours)
              .values({
                productId: row.id,
                slug,
                name: colour.name,
                swatch: colour.swatch,
                position,
                createdAt: now,
                updatedAt: now,
              })
              .returning({ id: productColours.id });
            if (!inserted) throw new Error('creating a colour returned no row');
            stockByColour.set(inserted.id, colour.stock);
          }
          // The stock ledger's trigger records the opening stock with this reason and actor (decision 019).
          await setStockContext(tx, { reason: 'import', note: 'opening stock', actorId });
          await writeSizes(tx, row.id, input.sizes, (colourId) => stockByColour.get(colourId) ?? {});
          const after = await viewOf(tx, row);
          await audit.record(tx, { actorId, action: 'product.create', entity: 'product', entityId: row.id, after });
          return after;
        });
        catalogChanges.changedHere();
        return result;
      } catch (error) {
        if (isUniqueViolation(error, 'products_slug_unique')) throw slugTaken();
        throw error;
      }
    },

    async update(actorId: string, id: string, input: ProductUpdateInput): Promise<AdminProduct> {
      try {
        return await change(actorId, id, 'product.update', async (tx, row) => {
          const priceCents = input.price === undefined ? row.priceCents : toCents(input.price);
          const salePriceCents =
            input.salePrice === undefined
              ? row.salePriceCents
              : input.salePrice === null
                ? null
                : toCents(input.salePrice);
          if (salePriceCents !== null && salePriceCents >= priceCents) {
            throw new AppError('VALIDATION_FAILED', M.salePriceNotBelow, [
              { param: 'salePrice', msg: M.salePriceNotBelow },
            ]);
          }
          if (input.slug !== undefined && input.slug !== row.slug && !(await isSlugFree(tx, input.slug, id))) {
            throw slugTaken();
          }
          await tx
            .update(products)
            .set({
              ...(input.name !== undefined ? { name: input.name } : {}),
              ...(input.slug !== undefined ? { slug: input.slug } : {}),
              ...(input.category !== undefined ? { category: input.category } : {}),
              ...(input.brand !== undefined ? { brand: input.brand } : {}),
              ...(input.shortDescription !== undefined ? { shortDescription: input.shortDescription } : {}),
              ...(input.longDescription !== undefined ? { longDescription: input.longDescription } : {}),
              ...(input.tags !== undefined ? { tags: input.tags } : {}),
              ...(input.types !== undefined ? { types: input.types } : {}),
              priceCents,
              salePriceCents,
              updatedAt: clock(),
            })
            .where(eq(products.id, id));
          if (input.sizes !== undefined) await writeSizes(tx, id, input.sizes);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'products_slug_unique')) throw slugTaken();
        throw error;
      }
    },

    /**
     * Publish, unpublish (back to draft) or archive. Archived products leave the storefront and
     * carts; past orders keep the name, image and price copied into their lines.
     */
    async setStatus(actorId: string, id: string, status: ProductStatus): Promise<AdminProduct> {
      return change(
        actorId,
        id,
        `product.${status === 'published' ? 'publish' : status === 'draft' ? 'unpublish' : 'archive'}`,
        async (tx, row) => {
          const now = clock();
          await tx
            .update(products)
            .set({
              status,
              updatedAt: now,
              // The storefront's "newest" order counts from the first publication, not the draft.
              ...(status === 'published' && row.status === 'draft' ? { publishedAt: now } : {}),
            })
            .where(eq(products.id, id));
        },
      );
    },

    /**
     * Re-encodes an upload and appends it to the colour's gallery, the default colour's without one
     * (the first image becomes the main one).
     */
    async addImage(actorId: string, id: string, bytes: Buffer, colourId?: string): Promise<AdminProduct> {
      if (!UUID.test(id)) throw notFound();
      const existing = await colourFor(db, id, colourId);
      if (existing.images.length >= MAX_PRODUCT_IMAGES) throw tooManyImages();
      const processed = await images.process(bytes);
      return change(actorId, id, 'product.image-add', async (tx) => {
        const colour = await lockColour(tx, id, colourId);
        const attached = await images.attach(tx, id, processed);
        if (colour.images.includes(attached.url)) return;
        if (colour.images.length >= MAX_PRODUCT_IMAGES) throw tooManyImages();
        await tx
          .update(productColours)
          .set({ images: [...colour.images, attached.url], updatedAt: clock() })
          .where(eq(productColours.id, colour.id));
        await tx.update(products).set({ updatedAt: clock() }).where(eq(products.id, id));
      });
    },

    /**
     * Reorders the colour's gallery (the default colour's without one), picks its main image, and
     * deletes the images left out that no other colour of the product lists.
     */
    async setGallery(
      actorId: string,
      id: string,
      gallery: ProductGalleryBody,
      colourId?: string,
    ): Promise<AdminProduct> {
      let orphanKeys: string[] = [];
      const result = await change(actorId, id, 'product.gallery', async (tx) => {
        const colour = await lockColour(tx, id, colourId);
        const unknown = gallery.images.find((url) => !colour.images.includes(url));
        if (unknown !== undefined || new Set(gallery.images).size !== gallery.images.length) {
          throw new AppError('VALIDATION_FAILED', M.galleryUnknownImage, [
            { param: 'images', msg: M.galleryUnknownImage },
          ]);
        }
        const main = gallery.mainImage ?? colour.images[colour.mainImageIndex] ?? gallery.images[0];
        const mainImageIndex = main === undefined ? 0 : gallery.images.indexOf(main);
        if (gallery.mainImage !== undefined && mainImageIndex === -1) {
          throw new AppError('VALIDATION_FAILED', M.galleryMainNotListed, [
            { param: 'mainImage', msg: M.galleryMainNotListed },
          ]);
        }
        const others = ((await coloursOf(tx, [id])).get(id) ?? []).filter((c) => c.id !== colour.id);
        const removed = colour.images.filter(
          (url) => !gallery.images.includes(url) && !others.some((other) => other.images.includes(url)),
        );
        orphanKeys = await images.detach(tx, id, removed);
        await tx
          .update(productColours)
          .set({ images: gallery.images, mainImageIndex: Math.max(0, mainImageIndex), updatedAt: clock() })
          .where(eq(productColours.id, colour.id));
        await tx.update(products).set({ updatedAt: clock() }).where(eq(products.id, id));
      });
      // After the commit: a rolled-back change must not lose its pictures.
      await images.removeStored(orphanKeys);
      return result;
    },
  };
}

function tooManyImages(): AppError {
  const message = M.imageLimitReached(MAX_PRODUCT_IMAGES);
  return new AppError('CONFLICT', message, [{ param: 'file', msg: message }]);
}
