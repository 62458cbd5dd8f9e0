import type { AdminProduct, ProductStatus } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { products } from '../../../db/schema.ts';
import type { CatalogAdminDeps } from './catalog-admin-deps.ts';
import { runProductChange } from './product-change.ts';

/**
 * Publish, unpublish (back to draft) or archive. Archived products leave the storefront and
 * carts; past orders keep the name, image and price copied into their lines.
 */
export async function setProductStatus(
  deps: CatalogAdminDeps,
  actorId: string,
  id: string,
  status: ProductStatus,
): Promise<AdminProduct> {
  const action = `product.${status === 'published' ? 'publish' : status === 'draft' ? 'unpublish' : 'archive'}`;
  return runProductChange(deps, actorId, id, action, async (tx, row) => {
    const now = deps.clock();
    await tx
      .update(products)
      .set({
        status,
        updatedAt: now,
        // The storefront's "newest" order counts from the first publication, not the draft.
        ...(status === 'published' && row.status === 'draft' ? { publishedAt: now } : {}),
      })
      .where(eq(products.id, id));
  });
}
