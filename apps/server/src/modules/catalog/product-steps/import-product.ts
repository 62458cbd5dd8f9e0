import type {
  ImportContext,
  ImportedColour,
  ImportedPicture,
  ImportedProduct,
  ImportResult,
} from '../product-import.ts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { productColours, products, productSizes } from '../../../db/schema.ts';
import { colourKey } from '../../../lib/colour-key.ts';
import { setStockContext } from '../../stock/index.ts';
import { colourSlug, coloursOf } from '../product-colours.ts';
import { variantsOf } from '../products-with-sizes.ts';
import { adminProductView } from './admin-product-view.ts';
import type { CatalogAdminDeps } from './catalog-admin-deps.ts';

/** The URLs of a gallery to write: kept pictures as they are, fetched ones attached with their source. */
async function galleryUrls(
  { images }: Pick<CatalogAdminDeps, 'images'>,
  tx: Database,
  productId: string,
  pictures: readonly ImportedPicture[],
): Promise<string[]> {
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
export async function importProduct(
  deps: CatalogAdminDeps,
  tx: Database,
  input: ImportedProduct,
  context: ImportContext,
): Promise<ImportResult> {
  const now = deps.clock();
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
  const before = existing ? await adminProductView(deps, tx, existing) : null;
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

  // Sizes match in any case; colours as the database's unique index compares them (lib/colour-key.ts).
  const sizeKey = (name: string) => name.toLowerCase();
  const colourRows = (await coloursOf(tx, [row.id])).get(row.id) ?? [];
  const variants = (await variantsOf(tx, [row.id])).get(row.id) ?? [];
  const sizePositions = new Map<string, number>();
  for (const variant of variants)
    if (!sizePositions.has(variant.size)) sizePositions.set(variant.size, variant.position);
  let nextSizePosition = Math.max(-1, ...sizePositions.values()) + 1;
  for (const colour of input.colours) {
    for (const { size } of colour.sizes) {
      if (![...sizePositions.keys()].some((name) => sizeKey(name) === sizeKey(size))) {
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
    const gallery = colour.images === null ? null : await galleryUrls(deps, tx, row.id, colour.images);
    const match = colourRows.find((candidate) => colourKey(candidate.name) === colourKey(colour.name));
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
      const wanted = planned?.sizes.find((candidate) => sizeKey(candidate.size) === sizeKey(size));
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

  const after = await adminProductView(deps, tx, row);
  await deps.audit.record(tx, {
    actorId: context.actorId,
    action: 'product.import',
    entity: 'product',
    entityId: row.id,
    before,
    after,
  });
  return { productId: row.id, isNew: existing === undefined, stockDelta };
}
