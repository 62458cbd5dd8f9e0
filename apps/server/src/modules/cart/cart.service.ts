import type {
  AddToCartBody,
  AppliedCoupon,
  Cart,
  CartSyncAnswer,
  CartSyncBody,
  CouponKind,
  RemoveFromCartBody,
  UpdateCartItemBody,
} from '@shopper/contract';
import { CART_MESSAGES as M, MAX_CART_LINE_QUANTITY, effectivePrice, toDollars } from '@shopper/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cartCoupons, cartItems } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CartColour, CartProduct, CatalogService } from '../catalog/index.ts';
import { couponDiscountCents } from './coupon-rules.ts';
import { createCouponsService, type CouponsService } from './coupons.service.ts';

/** One cart line priced from the database; the checkout module charges exactly this. */
export type PricedLine = {
  productId: string;
  colourId: string;
  /** The colour's name, and whether it is worth naming: the product has more than one visible colour. */
  colourName: string;
  showColour: boolean;
  swatch: string;
  name: string;
  /** The colour's main photo. */
  image: string;
  size: string;
  quantity: number;
  /** What one unit costs now: the sale price when there is one, else the regular price. */
  unitPriceCents: number;
  regularPriceCents: number;
  salePriceCents: number | null;
  /** Stock of this colour and size now; 0 when sold out or the size was withdrawn. */
  stock: number;
};

export type PricedCart = {
  lines: PricedLine[];
  subtotalCents: number;
  discountCents: number;
  coupon: { code: string; kind: CouponKind; value: number; description: string } | null;
  totalItems: number;
  /** Set when an applied coupon stopped applying and was taken off the cart. */
  couponNotice?: string;
};

/** What every cart route answers, besides `success`. */
export type CartView = { cart: Cart; couponNotice?: string; message?: string };

export type CartService = ReturnType<typeof createCartService>;

const field = (param: string, msg: string) => [{ param, msg }];

function toWireCart(priced: PricedCart): Cart {
  const coupon: AppliedCoupon | null = priced.coupon && {
    code: priced.coupon.code,
    description: priced.coupon.description,
    kind: priced.coupon.kind,
    value: priced.coupon.kind === 'percent' ? priced.coupon.value : toDollars(priced.coupon.value),
  };
  return {
    items: priced.lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      image: line.image,
      size: line.size,
      colourId: line.colourId,
      colourName: line.colourName,
      swatch: line.swatch,
      showColour: line.showColour,
      quantity: line.quantity,
      old_price: toDollars(line.regularPriceCents),
      new_price: line.salePriceCents === null ? 0 : toDollars(line.salePriceCents),
      price: toDollars(line.unitPriceCents),
      inStock: line.stock > 0,
      maxQuantity: Math.min(line.stock, MAX_CART_LINE_QUANTITY),
    })),
    totalItems: priced.totalItems,
    totalPrice: toDollars(priced.subtotalCents - priced.discountCents),
    subtotal: toDollars(priced.subtotalCents),
    discount: toDollars(priced.discountCents),
    coupon,
  };
}

/** The size as the catalog spells it ('m' finds 'M'), or undefined when the product has no such size. */
function resolveSize(colour: CartColour, size: string): string | undefined {
  if (colour.stockBySize.has(size)) return size;
  const wanted = size.toLowerCase();
  return [...colour.stockBySize.keys()].find((candidate) => candidate.toLowerCase() === wanted);
}

/** The colour a request names, or the product's default one when it names none (decision 043). */
function resolveColour(product: CartProduct, colourId: string | undefined): CartColour | undefined {
  const id = colourId ?? product.defaultColourId;
  return id === undefined ? undefined : product.colours.get(id);
}

/**
 * Why the wanted quantity does not fit, or null. A product in one colour keeps the size-only texts
 * word for word; one in several names the colour (docs/decisions/043-colours-and-catalog-import.md).
 */
function stockProblem(
  product: CartProduct,
  colour: CartColour,
  size: string,
  stock: number,
  wanted: number,
  alreadyInCart = 0,
): string | null {
  const named = product.hasSeveralColours;
  if (stock <= 0) return named ? M.soldOutIn(colour.name, size) : M.soldOut(size);
  if (wanted > MAX_CART_LINE_QUANTITY) return M.lineLimit(MAX_CART_LINE_QUANTITY);
  if (wanted <= stock) return null;
  if (alreadyInCart > 0) {
    return named
      ? M.onlyLeftInWithCart(stock, colour.name, size, alreadyInCart)
      : M.onlyLeftWithCart(stock, size, alreadyInCart);
  }
  return named ? M.onlyLeftIn(stock, colour.name, size) : M.onlyLeft(stock, size);
}

/**
 * The signed-in customer's server-side cart (docs/product.md#cart and docs/product.md#cart-api). Lines hold only product,
 * colour, size and quantity; every price, total and stock figure is read from the catalog on each call
 * (docs/architecture.md#trust-boundaries), and every query is scoped to the user id it is given.
 */
export function createCartService({
  db,
  catalog,
  clock,
  coupons = createCouponsService({ db, clock }),
}: {
  db: Database;
  catalog: CatalogService;
  clock: () => Date;
  coupons?: CouponsService;
}) {
  function unknownColour(): AppError {
    return new AppError('VALIDATION_FAILED', M.colourNotFound, field('colourId', M.colourNotFound));
  }

  /** The product, its colour (the default one when none is named) and its size, or the refusal. */
  async function requireVariant(productId: string, colourId: string | undefined, size: string) {
    const product = (await catalog.getForCart([productId])).get(productId);
    if (!product || product.defaultColourId === undefined) {
      throw new AppError('NOT_FOUND', M.productNotFound, field('productId', M.productNotFound));
    }
    const colour = resolveColour(product, colourId);
    if (!colour) throw unknownColour();
    const resolved = resolveSize(colour, size);
    if (resolved === undefined) {
      const message = M.sizeUnavailable(size);
      throw new AppError('VALIDATION_FAILED', message, field('size', message));
    }
    return { product, colour, size: resolved, stock: colour.stockBySize.get(resolved) ?? 0 };
  }

  async function findLine(executor: Database, userId: string, productId: string, colourId: string, size: string) {
    const lines = await executor
      .select({ size: cartItems.size, quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId), eq(cartItems.colourId, colourId)));
    return lines.find((l) => l.size === size) ?? lines.find((l) => l.size.toLowerCase() === size.toLowerCase());
  }

  /** Priced from the database; drops an applied coupon that no longer applies (docs/product.md#cart-api). */
  async function getPricedCart(userId: string, executor: Database = db): Promise<PricedCart> {
    const rows = await executor
      .select({
        productId: cartItems.productId,
        colourId: cartItems.colourId,
        size: cartItems.size,
        quantity: cartItems.quantity,
      })
      .from(cartItems)
      .where(eq(cartItems.userId, userId))
      .orderBy(asc(cartItems.addedAt), asc(cartItems.productId), asc(cartItems.colourId), asc(cartItems.size));
    const products = await catalog.getForCart(
      rows.map((r) => r.productId),
      executor,
    );
    const lines: PricedLine[] = [];
    for (const row of rows) {
      // A deleted product takes its lines with it (foreign key); this covers a read racing the delete.
      const product = products.get(row.productId);
      // A hidden colour leaves carts with its product's other colours still there (decision 043).
      const colour = product?.colours.get(row.colourId);
      if (!product || !colour) continue;
      lines.push({
        productId: row.productId,
        colourId: colour.id,
        colourName: colour.name,
        showColour: product.hasSeveralColours,
        swatch: colour.swatch,
        name: product.name,
        image: colour.image,
        size: row.size,
        quantity: row.quantity,
        unitPriceCents: effectivePrice(product.priceCents, product.salePriceCents),
        regularPriceCents: product.priceCents,
        salePriceCents: product.salePriceCents,
        stock: colour.stockBySize.get(row.size) ?? 0,
      });
    }
    const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
    const totalItems = lines.reduce((sum, l) => sum + l.quantity, 0);
    const priced: PricedCart = { lines, subtotalCents, discountCents: 0, coupon: null, totalItems };

    const [applied] = await executor
      .select({ code: cartCoupons.code })
      .from(cartCoupons)
      .where(eq(cartCoupons.userId, userId))
      .limit(1);
    if (!applied) return priced;
    const coupon = await coupons.find(applied.code, executor);
    const problem = coupon ? coupons.problemWith(coupon, subtotalCents) : M.couponInvalid;
    if (!coupon || problem) {
      await executor.delete(cartCoupons).where(and(eq(cartCoupons.userId, userId), eq(cartCoupons.code, applied.code)));
      return { ...priced, couponNotice: M.couponDropped(applied.code, problem ?? M.couponInvalid) };
    }
    return {
      ...priced,
      discountCents: couponDiscountCents(coupon, subtotalCents),
      coupon: { code: coupon.code, kind: coupon.kind, value: coupon.value, description: coupon.description },
    };
  }

  async function getCart(userId: string, message?: string): Promise<CartView> {
    const priced = await getPricedCart(userId);
    return {
      cart: toWireCart(priced),
      ...(priced.couponNotice ? { couponNotice: priced.couponNotice } : {}),
      ...(message ? { message } : {}),
    };
  }

  /** Empties the cart and takes its coupon off; works inside a caller's transaction (checkout). */
  async function clear(executor: Database, userId: string): Promise<void> {
    await executor.delete(cartItems).where(eq(cartItems.userId, userId));
    await executor.delete(cartCoupons).where(eq(cartCoupons.userId, userId));
  }

  return {
    getCart,
    getPricedCart,
    clear,

    /** Adds to the line of that product, colour and size; the resulting quantity must fit the stock. */
    async add(userId: string, input: AddToCartBody): Promise<CartView> {
      const { product, colour, size, stock } = await requireVariant(input.productId, input.colourId, input.size);
      const soldOut = stockProblem(product, colour, size, stock, input.quantity);
      if (soldOut) throw new AppError('CONFLICT', soldOut, field('quantity', soldOut));
      await db.transaction(async (tx) => {
        // Upsert then check: two adds racing each see the other's quantity, and a refusal rolls back.
        const [line] = await tx
          .insert(cartItems)
          .values({
            userId,
            productId: product.id,
            colourId: colour.id,
            size,
            quantity: input.quantity,
            addedAt: clock(),
          })
          .onConflictDoUpdate({
            target: [cartItems.userId, cartItems.productId, cartItems.colourId, cartItems.size],
            set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
          })
          .returning({ quantity: cartItems.quantity });
        const total = line?.quantity ?? input.quantity;
        const problem = stockProblem(product, colour, size, stock, total, total - input.quantity);
        if (problem) throw new AppError('CONFLICT', problem, field('quantity', problem));
      });
      return getCart(userId);
    },

    /** Sets a line's quantity (docs/product.md#cart: at least 1, and at most the stock). */
    async update(userId: string, input: UpdateCartItemBody): Promise<CartView> {
      const { product, colour, size, stock } = await requireVariant(input.productId, input.colourId, input.size);
      const line = await findLine(db, userId, product.id, colour.id, size);
      if (!line) throw new AppError('NOT_FOUND', M.lineNotFound);
      const problem = stockProblem(product, colour, size, stock, input.quantity);
      if (problem) throw new AppError('CONFLICT', problem, field('quantity', problem));
      const updated = await db
        .update(cartItems)
        .set({ quantity: input.quantity })
        .where(
          and(
            eq(cartItems.userId, userId),
            eq(cartItems.productId, product.id),
            eq(cartItems.colourId, colour.id),
            eq(cartItems.size, line.size),
          ),
        )
        .returning({ quantity: cartItems.quantity });
      if (updated.length === 0) throw new AppError('NOT_FOUND', M.lineNotFound);
      return getCart(userId);
    },

    /** removeAll, no quantity, or at least the line's quantity removes the line; less takes that many off. */
    async remove(userId: string, input: RemoveFromCartBody): Promise<CartView> {
      const productId = input.productId;
      const product = (await catalog.getForCart([productId])).get(productId);
      // Lines of a product the catalog no longer has are gone already (foreign key), so no product, no line.
      if (!product || product.defaultColourId === undefined) throw new AppError('NOT_FOUND', M.lineNotFound);
      const colour = resolveColour(product, input.colourId);
      if (!colour) throw unknownColour();
      await db.transaction(async (tx) => {
        const line = await findLine(tx, userId, productId, colour.id, input.size);
        if (!line) throw new AppError('NOT_FOUND', M.lineNotFound);
        const where = and(
          eq(cartItems.userId, userId),
          eq(cartItems.productId, productId),
          eq(cartItems.colourId, colour.id),
          eq(cartItems.size, line.size),
        );
        const removesLine = input.removeAll === true || input.quantity === undefined || input.quantity >= line.quantity;
        if (removesLine) {
          await tx.delete(cartItems).where(where);
        } else {
          await tx
            .update(cartItems)
            .set({ quantity: sql`greatest(${cartItems.quantity} - ${input.quantity ?? 0}, 1)` })
            .where(where);
        }
      });
      return getCart(userId);
    },

    /**
     * Merges a guest cart into the user's (POST /api/cart/sync): quantities of the same line add up,
     * capped at the stock and the line limit; lines the catalog cannot serve are skipped and reported.
     */
    async sync(userId: string, input: CartSyncBody): Promise<CartView & Pick<CartSyncAnswer, 'skipped' | 'adjusted'>> {
      const products = await catalog.getForCart(input.items.map((item) => item.productId));
      // Lines naming no colour are the default colour's, so they merge with lines that name it.
      const wanted = new Map<
        string,
        { productId: string; colourId: string | undefined; named: boolean; size: string; quantity: number }
      >();
      for (const item of input.items) {
        const colourId = item.colourId ?? products.get(item.productId)?.defaultColourId;
        const key = JSON.stringify([item.productId, colourId ?? null, item.size.toLowerCase()]);
        const seen = wanted.get(key);
        const named = item.colourId !== undefined;
        if (seen) {
          seen.quantity += item.quantity;
          seen.named ||= named;
        } else
          wanted.set(key, { productId: item.productId, colourId, named, size: item.size, quantity: item.quantity });
      }
      const skipped: CartSyncAnswer['skipped'] = [];
      const adjusted: CartSyncAnswer['adjusted'] = [];
      const accepted: {
        productId: string;
        colourId: string;
        named: boolean;
        size: string;
        quantity: number;
        stock: number;
      }[] = [];
      for (const item of wanted.values()) {
        const product = products.get(item.productId);
        const colour = product && item.colourId !== undefined ? product.colours.get(item.colourId) : undefined;
        const size = colour && resolveSize(colour, item.size);
        const stock = colour && size !== undefined ? (colour.stockBySize.get(size) ?? 0) : 0;
        // The answer names the colour when the guest line did or the product has several; a line of a
        // one-colour product that named none is answered as before colours existed.
        const named = item.named || product?.hasSeveralColours === true;
        const colourField = named && item.colourId !== undefined ? { colourId: item.colourId } : {};
        if (!product || product.defaultColourId === undefined)
          skipped.push({ productId: item.productId, size: item.size, ...colourField, reason: 'unknown-product' });
        else if (!colour)
          skipped.push({ productId: item.productId, size: item.size, ...colourField, reason: 'unknown-colour' });
        else if (size === undefined)
          skipped.push({ productId: item.productId, size: item.size, ...colourField, reason: 'unknown-size' });
        else if (stock <= 0) skipped.push({ productId: item.productId, size, ...colourField, reason: 'sold-out' });
        else accepted.push({ productId: product.id, colourId: colour.id, named, size, quantity: item.quantity, stock });
      }
      if (accepted.length > 0) {
        await db.transaction(async (tx) => {
          const existing = await tx
            .select({
              productId: cartItems.productId,
              colourId: cartItems.colourId,
              size: cartItems.size,
              quantity: cartItems.quantity,
            })
            .from(cartItems)
            .where(eq(cartItems.userId, userId))
            .for('update');
          const now = clock().getTime();
          for (const [index, item] of accepted.entries()) {
            const current =
              existing.find(
                (e) => e.productId === item.productId && e.colourId === item.colourId && e.size === item.size,
              )?.quantity ?? 0;
            const cap = Math.min(item.stock, MAX_CART_LINE_QUANTITY);
            // Never lowers a line the user already has, even one now above the stock.
            const quantity = Math.max(current, Math.min(current + item.quantity, cap));
            if (quantity < current + item.quantity) {
              const colourField = item.named ? { colourId: item.colourId } : {};
              adjusted.push({ productId: item.productId, size: item.size, ...colourField, quantity });
            }
            if (quantity === current) continue;
            await tx
              .insert(cartItems)
              // A millisecond apart, so new lines keep the guest cart's order.
              .values({
                userId,
                productId: item.productId,
                colourId: item.colourId,
                size: item.size,
                quantity,
                addedAt: new Date(now + index),
              })
              .onConflictDoUpdate({
                target: [cartItems.userId, cartItems.productId, cartItems.colourId, cartItems.size],
                set: { quantity },
              });
          }
        });
      }
      return { ...(await getCart(userId)), skipped, adjusted };
    },

    async clearCart(userId: string): Promise<CartView> {
      await clear(db, userId);
      return getCart(userId);
    },

    /** Applies a promo code (case-insensitive) to the cart, replacing any other. */
    async applyCoupon(userId: string, code: string): Promise<CartView> {
      const { subtotalCents } = await getPricedCart(userId);
      const coupon = await coupons.check(code, subtotalCents);
      const appliedAt = clock();
      await db
        .insert(cartCoupons)
        .values({ userId, code: coupon.code, appliedAt })
        .onConflictDoUpdate({ target: cartCoupons.userId, set: { code: coupon.code, appliedAt } });
      return getCart(userId, M.couponApplied(coupon.code));
    },

    async removeCoupon(userId: string): Promise<CartView> {
      await db.delete(cartCoupons).where(eq(cartCoupons.userId, userId));
      return getCart(userId, M.couponRemoved);
    },
  };
}
