import { type AdminProduct, DEFAULT_COLOUR_NAME, type ProductCreateBodySchema, toCents } from '@shopper/contract';
import type { z } from 'zod';
import { productColours, products } from '../../../db/schema.ts';
import { setStockContext } from '../../stock/index.ts';
import { colourSlug, NEUTRAL_SWATCH } from '../product-colours.ts';
import { adminProductView } from './admin-product-view.ts';
import type { CatalogAdminDeps } from './catalog-admin-deps.ts';
import { freeSlugFrom, isSlugFree, isUniqueViolation, slugify, slugTaken } from './product-slugs.ts';
import { writeSizes } from './write-sizes.ts';

type ProductCreateInput = z.output<typeof ProductCreateBodySchema>;

/**
 * A new product with its colours (one default colour when none are given) and the opening stock of
 * each colour and size; the slug is made from the name when none is given.
 */
export async function createProduct(
  deps: CatalogAdminDeps,
  actorId: string,
  input: ProductCreateInput,
): Promise<AdminProduct> {
  const now = deps.clock();
  try {
    const result = await deps.db.transaction(async (tx) => {
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
      const after = await adminProductView(deps, tx, row);
      await deps.audit.record(tx, { actorId, action: 'product.create', entity: 'product', entityId: row.id, after });
      return after;
    });
    deps.catalogChanges.changedHere();
    return result;
  } catch (error) {
    if (isUniqueViolation(error, 'products_slug_unique')) throw slugTaken();
    throw error;
  }
}
