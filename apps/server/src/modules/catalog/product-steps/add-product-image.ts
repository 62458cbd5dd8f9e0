import { type AdminProduct, MAX_PRODUCT_IMAGES } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { productColours, products } from '../../../db/schema.ts';
import type { CatalogAdminDeps } from './catalog-admin-deps.ts';
import { galleryColour, lockGalleryColour, tooManyImages } from './gallery-colour.ts';
import { productNotFound, runProductChange, UUID } from './product-change.ts';

/**
 * Re-encodes an upload and appends it to the colour's gallery, the default colour's without one
 * (the first image becomes the main one).
 */
export async function addProductImage(
  deps: CatalogAdminDeps,
  actorId: string,
  id: string,
  bytes: Buffer,
  colourId?: string,
): Promise<AdminProduct> {
  const { db, images, clock } = deps;
  if (!UUID.test(id)) throw productNotFound();
  const existing = await galleryColour(db, id, colourId);
  if (existing.images.length >= MAX_PRODUCT_IMAGES) throw tooManyImages();
  const processed = await images.process(bytes);
  return runProductChange(deps, actorId, id, 'product.image-add', async (tx) => {
    const colour = await lockGalleryColour(tx, id, colourId);
    const attached = await images.attach(tx, id, processed);
    if (colour.images.includes(attached.url)) return;
    if (colour.images.length >= MAX_PRODUCT_IMAGES) throw tooManyImages();
    await tx
      .update(productColours)
      .set({ images: [...colour.images, attached.url], updatedAt: clock() })
      .where(eq(productColours.id, colour.id));
    await tx.update(products).set({ updatedAt: clock() }).where(eq(products.id, id));
  });
}
