import {
  ADMIN_CATALOG_MESSAGES as M,
  type AdminProduct,
  type ColourCreateBodySchema,
  type ColourOrderBody,
  type ColourUpdateBodySchema,
  MAX_PRODUCT_COLOURS,
} from '@shopper/contract';
import { and, asc, eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { productColours, type ProductRow, products, productSizes } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { colourKey } from '../../lib/colour-key.ts';
import type { ProductImagesService } from '../images/index.ts';
import { setStockContext } from '../stock/index.ts';
import { type ColourRow, colourSlug, coloursOf, isVisible } from './product-colours.ts';
import { UUID } from './product-steps/product-change.ts';
import { isUniqueViolation } from './product-steps/product-slugs.ts';

type ColourCreateInput = z.output<typeof ColourCreateBodySchema>;
type ColourUpdateInput = z.output<typeof ColourUpdateBodySchema>;

/** One locked, audited change of a product, as the catalog's back office runs them (product-steps/product-change.ts). */
export type ProductChange = (
  actorId: string,
  productId: string,
  action: string,
  apply: (tx: Database, row: ProductRow) => Promise<void>,
) => Promise<AdminProduct>;

export const colourNotFound = () => new AppError('NOT_FOUND', M.colourNotFound);
const nameTaken = () => new AppError('CONFLICT', M.colourNameTaken, [{ param: 'name', msg: M.colourNameTaken }]);
const lastVisible = (param?: string) =>
  new AppError('CONFLICT', M.lastVisibleColour, param ? [{ param, msg: M.lastVisibleColour }] : undefined);

/** The product's colours, hidden ones included, in order, and the one named (404 when it is another product's). */
export async function colourOfProduct(
  tx: Database,
  productId: string,
  colourId: string,
): Promise<{ colour: ColourRow; colours: ColourRow[] }> {
  if (!UUID.test(colourId)) throw colourNotFound();
  const colours = (await coloursOf(tx, [productId])).get(productId) ?? [];
  const colour = colours.find((c) => c.id === colourId);
  if (!colour) throw colourNotFound();
  return { colour, colours };
}

export type ColoursAdminService = ReturnType<typeof createColoursAdminService>;

/**
 * A product's colours in the back office (docs/product.md#back-office, decision 043): add one with
 * its opening stock in every size, rename it or change its swatch, hide or show it, reorder them
 * (the first visible one is the default) and remove one. Each is one change of the product, locked,
 * audited and announced like the product's other edits; the `product_colours` trigger tells the
 * other instances.
 */
export function createColoursAdminService({
  change,
  images,
  clock,
  coloursOnOpenOrders,
}: {
  change: ProductChange;
  images: ProductImagesService;
  clock: () => Date;
  /** Colours held by an order in Processing or Shipped. */
  coloursOnOpenOrders: (executor: Database, colourIds: readonly string[]) => Promise<Set<string>>;
}) {
  const touch = (tx: Database, productId: string) =>
    tx.update(products).set({ updatedAt: clock() }).where(eq(products.id, productId));

  return {
    /** A new colour, last in order, with a row for every size of the product (the grid stays full). */
    async add(actorId: string, productId: string, input: ColourCreateInput): Promise<AdminProduct> {
      try {
        return await change(actorId, productId, 'product.colour.add', async (tx) => {
          const colours = (await coloursOf(tx, [productId])).get(productId) ?? [];
          if (colours.length >= MAX_PRODUCT_COLOURS) {
            const message = M.colourLimit(MAX_PRODUCT_COLOURS);
            throw new AppError('CONFLICT', message, [{ param: 'name', msg: message }]);
          }
          if (colours.some((c) => colourKey(c.name) === colourKey(input.name))) throw nameTaken();
          const sizes = await tx
            .selectDistinct({ size: productSizes.size, position: productSizes.position })
            .from(productSizes)
            .where(eq(productSizes.productId, productId))
            .orderBy(asc(productSizes.position), asc(productSizes.size));
          if (Object.keys(input.stock).some((size) => !sizes.some((s) => s.size === size))) {
            throw new AppError('VALIDATION_FAILED', M.stockForUnknownSize, [
              { param: 'stock', msg: M.stockForUnknownSize },
            ]);
          }
          const [last] = await tx
            .select({ position: max(productColours.position) })
            .from(productColours)
            .where(eq(productColours.productId, productId));
          const now = clock();
          const [inserted] = await tx
            .insert(productColours)
            .values({
              productId,
              slug: colourSlug(
                input.name,
                colours.map((c) => c.slug),
              ),
              name: input.name,
              swatch: input.swatch,
              position: (last?.position ?? -1) + 1,
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: productColours.id });
          if (!inserted) throw new Error('adding a colour returned no row');
          // The ledger's trigger records the opening stock with this reason and actor, as for a new product.
          await setStockContext(tx, { reason: 'import', note: 'opening stock', actorId });
          if (sizes.length > 0) {
            await tx.insert(productSizes).values(
              sizes.map(({ size, position }) => ({
                productId,
                colourId: inserted.id,
                size,
                position,
                // Own keys only: a size named like an Object property has no opening stock unless given.
                stock: Object.hasOwn(input.stock, size) ? (input.stock[size] ?? 0) : 0,
              })),
            );
          }
          await touch(tx, productId);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'product_colours_name_unique')) throw nameTaken();
        throw error;
      }
    },

    /**
     * Renames (the slug follows the name), changes the swatch, hides or shows. A product keeps at
     * least one visible colour; hiding is how a colour with open orders leaves the shop.
     */
    async update(actorId: string, productId: string, colourId: string, input: ColourUpdateInput) {
      const action = input.isHidden === true ? 'product.colour.hide' : 'product.colour.update';
      try {
        return await change(actorId, productId, action, async (tx) => {
          const { colour, colours } = await colourOfProduct(tx, productId, colourId);
          const others = colours.filter((c) => c.id !== colour.id);
          const renamed = input.name !== undefined && input.name !== colour.name;
          if (renamed && others.some((c) => colourKey(c.name) === colourKey(input.name ?? ''))) throw nameTaken();
          if (input.isHidden === true && isVisible(colour) && !others.some(isVisible)) throw lastVisible('isHidden');
          const now = clock();
          await tx
            .update(productColours)
            .set({
              ...(renamed && input.name !== undefined
                ? {
                    name: input.name,
                    slug: colourSlug(
                      input.name,
                      others.map((c) => c.slug),
                    ),
                  }
                : {}),
              ...(input.swatch !== undefined ? { swatch: input.swatch } : {}),
              ...(input.isHidden === undefined ? {} : { hiddenAt: input.isHidden ? (colour.hiddenAt ?? now) : null }),
              updatedAt: now,
            })
            .where(eq(productColours.id, colour.id));
          await touch(tx, productId);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'product_colours_name_unique')) throw nameTaken();
        throw error;
      }
    },

    /** Puts the colours in the order given, which must name each of the product's colours once. */
    async reorder(actorId: string, productId: string, { colourIds }: ColourOrderBody): Promise<AdminProduct> {
      return change(actorId, productId, 'product.colour.reorder', async (tx) => {
        const colours = (await coloursOf(tx, [productId])).get(productId) ?? [];
        const known = new Set(colours.map((c) => c.id));
        const given = new Set(colourIds.map((id) => id.toLowerCase()));
        if (given.size !== colourIds.length || given.size !== known.size || [...given].some((id) => !known.has(id))) {
          throw new AppError('VALIDATION_FAILED', M.colourOrderInvalid, [
            { param: 'colourIds', msg: M.colourOrderInvalid },
          ]);
        }
        for (const [position, id] of colourIds.entries()) {
          await tx
            .update(productColours)
            .set({ position, updatedAt: clock() })
            .where(and(eq(productColours.productId, productId), eq(productColours.id, id.toLowerCase())));
        }
        await touch(tx, productId);
      });
    },

    /**
     * Removes a colour with its variants, stock, ledger and cart lines (cascade); its order lines keep
     * the copied name. Refused while an order in Processing or Shipped holds it, or when it is the
     * last visible colour: hiding it is the way out then. Its pictures no other colour shows go too.
     */
    async remove(actorId: string, productId: string, colourId: string): Promise<AdminProduct> {
      let orphanKeys: string[] = [];
      const result = await change(actorId, productId, 'product.colour.remove', async (tx) => {
        const { colour, colours } = await colourOfProduct(tx, productId, colourId);
        const others = colours.filter((c) => c.id !== colour.id);
        if (!others.some(isVisible)) throw lastVisible();
        // The variants first, in the order checkout locks them: an order being written for this
        // colour finishes before the check below, which then sees it.
        await tx
          .select({ size: productSizes.size })
          .from(productSizes)
          .where(and(eq(productSizes.productId, productId), eq(productSizes.colourId, colour.id)))
          .orderBy(asc(productSizes.size))
          .for('update');
        if ((await coloursOnOpenOrders(tx, [colour.id])).has(colour.id)) {
          throw new AppError('CONFLICT', M.colourHasOpenOrders);
        }
        const stillShown = new Set(others.flatMap((c) => c.images));
        orphanKeys = await images.detach(
          tx,
          productId,
          colour.images.filter((url) => !stillShown.has(url)),
        );
        await tx.delete(productColours).where(eq(productColours.id, colour.id));
        await touch(tx, productId);
      });
      // After the commit: a rolled-back change must not lose its pictures.
      await images.removeStored(orphanKeys);
      return result;
    },
  };
}
