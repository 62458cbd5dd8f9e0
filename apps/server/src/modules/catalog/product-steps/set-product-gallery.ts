import { ADMIN_CATALOG_MESSAGES as M, type AdminProduct, type ProductGalleryBody } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { productColours, products } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import { coloursOf } from '../product-colours.ts';
import type { CatalogAdminDeps } from './catalog-admin-deps.ts';
import { lockGalleryColour } from './gallery-colour.ts';
import { runProductChange } from './product-change.ts';

/**
 * Reorders the colour's gallery (the default colour's without one), picks its main image, and
 * deletes the images left out that no other colour of the product lists.
 */
export async function setProductGallery(
  deps: CatalogAdminDeps,
  actorId: string,
  id: string,
  gallery: ProductGalleryBody,
  colourId?: string,
): Promise<AdminProduct> {
  const { images, clock } = deps;
  let orphanKeys: string[] = [];
  const result = await runProductChange(deps, actorId, id, 'product.gallery', async (tx) => {
    const colour = await lockGalleryColour(tx, id, colourId);
    const unknown = gallery.images.find((url) => !colour.images.includes(url));
    if (unknown !== undefined || new Set(gallery.images).size !== gallery.images.length) {
      throw new AppError('VALIDATION_FAILED', M.galleryUnknownImage, [{ param: 'images', msg: M.galleryUnknownImage }]);
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
}
