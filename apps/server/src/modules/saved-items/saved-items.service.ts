import {
  AFTER_PURCHASE_MESSAGES as A,
  CART_MESSAGES,
  type SaveItemBody,
  type SavedItem,
  toDollars,
} from '@shopper/contract';
import { and, asc, eq } from 'drizzle-orm';
import { savedItems } from '../../db/after-purchase-schema.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CartService } from '../cart/index.ts';
import type { CatalogService } from '../catalog/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SavedItemsService = ReturnType<typeof createSavedItemsService>;

/**
 * A signed-in customer's saved items (docs/after-purchase.md#saved-items): a product in one
 * colour, with the size when one was chosen. Prices and stock are read from the catalog each time;
 * a product no longer sold, or a colour hidden since, drops out of the list.
 */
export function createSavedItemsService({
  db,
  catalog,
  cart,
  clock,
}: {
  db: Database;
  catalog: Pick<CatalogService, 'getForCart'>;
  cart: Pick<CartService, 'add'>;
  clock: () => Date;
}) {
  async function list(userId: string): Promise<SavedItem[]> {
    const rows = await db
      .select()
      .from(savedItems)
      .where(eq(savedItems.userId, userId))
      .orderBy(asc(savedItems.createdAt));
    const products = await catalog.getForCart([...new Set(rows.map((r) => r.productId))]);
    return rows.flatMap((row) => {
      const product = products.get(row.productId);
      const colour = product?.colours.get(row.colourId);
      if (!product || !colour) return [];
      const stock = row.size
        ? (colour.stockBySize.get(row.size) ?? 0)
        : [...colour.stockBySize.values()].reduce((sum, n) => sum + n, 0);
      return [
        {
          id: row.id,
          productId: product.id,
          name: product.name,
          colourId: colour.id,
          colourName: colour.name,
          size: row.size || null,
          image: colour.image || product.image,
          price: toDollars(product.salePriceCents ?? product.priceCents),
          stock,
          addedAt: row.createdAt.toISOString(),
        },
      ];
    });
  }

  async function save(userId: string, body: SaveItemBody): Promise<SavedItem[]> {
    const product = UUID.test(body.productId)
      ? (await catalog.getForCart([body.productId])).get(body.productId)
      : undefined;
    if (!product) {
      throw new AppError('NOT_FOUND', CART_MESSAGES.productNotFound, [
        { param: 'productId', msg: CART_MESSAGES.productNotFound },
      ]);
    }
    const colour = UUID.test(body.colourId) ? product.colours.get(body.colourId) : undefined;
    if (!colour) {
      throw new AppError('NOT_FOUND', A.savedColourUnknown, [{ param: 'colourId', msg: A.savedColourUnknown }]);
    }
    const size = body.size ?? '';
    if (size && !colour.stockBySize.has(size)) {
      throw new AppError('VALIDATION_FAILED', A.savedSizeUnknown, [{ param: 'size', msg: A.savedSizeUnknown }]);
    }
    // Saving twice keeps one row: the heart is a toggle, not a counter.
    await db
      .insert(savedItems)
      .values({ userId, productId: product.id, colourId: colour.id, size, createdAt: clock() })
      .onConflictDoNothing();
    return list(userId);
  }

  async function find(userId: string, id: string) {
    const [row] = UUID.test(id)
      ? await db
          .select()
          .from(savedItems)
          .where(and(eq(savedItems.id, id), eq(savedItems.userId, userId)))
      : [];
    if (!row) throw new AppError('NOT_FOUND', A.savedNotFound);
    return row;
  }

  async function remove(userId: string, id: string): Promise<SavedItem[]> {
    const row = await find(userId, id);
    await db.delete(savedItems).where(eq(savedItems.id, row.id));
    return list(userId);
  }

  /** One of the saved colour and size into the cart, with the cart's own checks; then it leaves the list. */
  async function moveToCart(userId: string, id: string): Promise<SavedItem[]> {
    const row = await find(userId, id);
    if (!row.size) throw new AppError('CONFLICT', A.chooseSizeFirst);
    await cart.add(userId, { productId: row.productId, colourId: row.colourId, size: row.size, quantity: 1 });
    await db.delete(savedItems).where(eq(savedItems.id, row.id));
    return list(userId);
  }

  return { list, save, remove, moveToCart };
}
