import { ADMIN_CATALOG_MESSAGES as M, MAX_PRODUCT_IMAGES } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { productColours } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import { colourOfProduct } from '../colours.admin-service.ts';
import { type ColourRow, coloursOf, defaultColourOf } from '../product-colours.ts';
import { productNotFound } from './product-change.ts';

/**
 * The colour a gallery change acts on: the one named, or for the product's own gallery routes
 * the default one (decision 043); a colour of another product is not found.
 */
export async function galleryColour(executor: Database, productId: string, colourId?: string): Promise<ColourRow> {
  if (colourId !== undefined) return (await colourOfProduct(executor, productId, colourId)).colour;
  const colour = defaultColourOf((await coloursOf(executor, [productId])).get(productId) ?? []);
  if (!colour) throw productNotFound();
  return colour;
}

/** As `galleryColour`, with the colour's row locked for the rest of the transaction. */
export async function lockGalleryColour(tx: Database, productId: string, colourId?: string): Promise<ColourRow> {
  const colour = await galleryColour(tx, productId, colourId);
  await tx.select({ id: productColours.id }).from(productColours).where(eq(productColours.id, colour.id)).for('update');
  return colour;
}

export function tooManyImages(): AppError {
  const message = M.imageLimitReached(MAX_PRODUCT_IMAGES);
  return new AppError('CONFLICT', message, [{ param: 'file', msg: message }]);
}
