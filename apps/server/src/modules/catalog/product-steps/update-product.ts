import {
  ADMIN_CATALOG_MESSAGES as M,
  type AdminProduct,
  type ProductUpdateBodySchema,
  toCents,
} from '@shopper/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { products } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { CatalogAdminDeps } from './catalog-admin-deps.ts';
import { runProductChange } from './product-change.ts';
import { isSlugFree, isUniqueViolation, slugTaken } from './product-slugs.ts';
import { writeSizes } from './write-sizes.ts';

type ProductUpdateInput = z.output<typeof ProductUpdateBodySchema>;

/** Edits the fields given; sizes in picker order, a size removed only when no colour has stock of it. */
export async function updateProduct(
  deps: CatalogAdminDeps,
  actorId: string,
  id: string,
  input: ProductUpdateInput,
): Promise<AdminProduct> {
  try {
    return await runProductChange(deps, actorId, id, 'product.update', async (tx, row) => {
      const priceCents = input.price === undefined ? row.priceCents : toCents(input.price);
      const salePriceCents =
        input.salePrice === undefined ? row.salePriceCents : input.salePrice === null ? null : toCents(input.salePrice);
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
          updatedAt: deps.clock(),
        })
        .where(eq(products.id, id));
      if (input.sizes !== undefined) await writeSizes(tx, id, input.sizes);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'products_slug_unique')) throw slugTaken();
    throw error;
  }
}
