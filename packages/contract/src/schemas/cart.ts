import { z } from 'zod';
import { CART_MESSAGES as M } from '../cart-messages.ts';

/** The most of one product and size a cart line may hold, whatever the stock. */
export const MAX_CART_LINE_QUANTITY = 999;
/** The most lines one POST /api/cart/sync may carry. */
export const MAX_CART_SYNC_ITEMS = 100;
export const MAX_COUPON_CODE_LENGTH = 40;

export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** Why POST /api/cart/sync left a line of the guest cart out. */
export const CART_SYNC_SKIP_REASONS = ['unknown-product', 'unknown-size', 'unknown-colour', 'sold-out'] as const;
export type CartSyncSkipReason = (typeof CART_SYNC_SKIP_REASONS)[number];

const hasNoNul = (value: string) => !value.includes('\u0000');

/** Product ids are looked up, never trusted: an id that names nothing answers 404. */
const ProductIdSchema = z
  .string({ error: M.productRequired })
  .trim()
  .toLowerCase()
  .min(1, M.productRequired)
  .max(100, M.productNotFound)
  .refine(hasNoNul, M.productNotFound);

/** docs/product.md#cart-input: size required on add, update and remove. */
const SizeSchema = z
  .string({ error: M.sizeRequired })
  .trim()
  .min(1, M.sizeRequired)
  .max(32, M.sizeInvalid)
  .refine(hasNoNul, M.sizeInvalid);

/** A colour id, looked up like a product id; absent means the product's default colour (decision 043). */
const ColourIdSchema = z
  .string({ error: M.colourNotFound })
  .trim()
  .toLowerCase()
  .min(1, M.colourNotFound)
  .max(100, M.colourNotFound)
  .refine(hasNoNul, M.colourNotFound);

/** Whole numbers only: strings, floats, NaN and huge values are refused, never coerced. */
const QuantitySchema = z
  .number({
    error: (issue) => (issue.input === undefined || issue.input === null ? M.quantityAtLeastOne : M.quantityWhole),
  })
  .int(M.quantityWhole)
  .min(1, M.quantityAtLeastOne)
  .max(MAX_CART_LINE_QUANTITY, M.quantityTooLarge(MAX_CART_LINE_QUANTITY));

/** Body of POST /api/cart/add. Price fields a client may send are not part of it and are dropped. */
export const AddToCartBodySchema = z.object({
  productId: ProductIdSchema,
  quantity: QuantitySchema.default(1),
  size: SizeSchema,
  colourId: ColourIdSchema.optional(),
});
export type AddToCartBody = z.infer<typeof AddToCartBodySchema>;

/** Body of POST /api/cart/update: sets the line's quantity. */
export const UpdateCartItemBodySchema = z.object({
  productId: ProductIdSchema,
  quantity: QuantitySchema,
  size: SizeSchema,
  colourId: ColourIdSchema.optional(),
});
export type UpdateCartItemBody = z.infer<typeof UpdateCartItemBodySchema>;

/** Body of POST /api/cart/remove: removeAll (or no quantity) removes the line, a quantity takes that many off. */
export const RemoveFromCartBodySchema = z.object({
  productId: ProductIdSchema,
  size: SizeSchema,
  colourId: ColourIdSchema.optional(),
  quantity: QuantitySchema.optional(),
  removeAll: z.boolean({ error: M.removeAllFlag }).optional(),
});
export type RemoveFromCartBody = z.infer<typeof RemoveFromCartBodySchema>;

export const CartSyncItemSchema = z.object({
  productId: ProductIdSchema,
  size: SizeSchema,
  colourId: ColourIdSchema.optional(),
  quantity: QuantitySchema,
});

/** Body of POST /api/cart/sync: a guest cart to merge into the signed-in user's cart. */
export const CartSyncBodySchema = z.object({
  items: z
    .array(CartSyncItemSchema, { error: M.syncItemsRequired })
    .max(MAX_CART_SYNC_ITEMS, M.syncTooManyItems(MAX_CART_SYNC_ITEMS)),
});
export type CartSyncBody = z.infer<typeof CartSyncBodySchema>;

/** Promo codes are case-insensitive: upper-cased before they are looked up. */
export const CouponCodeSchema = z
  .string({ error: M.couponRequired })
  .trim()
  .min(1, M.couponRequired)
  .max(MAX_COUPON_CODE_LENGTH, M.couponInvalid)
  .refine(hasNoNul, M.couponInvalid)
  .transform((code) => code.toUpperCase());

export const ApplyCouponBodySchema = z.object({ code: CouponCodeSchema });
export type ApplyCouponBody = z.infer<typeof ApplyCouponBodySchema>;

/** A cart item (docs/product.md#entities). Dollars; price is what one unit costs, old_price the regular, new_price the sale price or 0. */
export const CartItemSchema = z.object({
  productId: z.string(),
  name: z.string(),
  image: z.string(),
  size: z.string(),
  colourId: z.string(),
  colourName: z.string(),
  /** `#rrggbb` of the line's colour. */
  swatch: z.string(),
  /** The product has more than one visible colour, so the line names its colour. */
  showColour: z.boolean(),
  quantity: z.number().int().min(1),
  old_price: z.number().nonnegative(),
  new_price: z.number().nonnegative(),
  price: z.number().nonnegative(),
  /** The size has stock left. */
  inStock: z.boolean(),
  /** The most this line may hold now (stock, capped at MAX_CART_LINE_QUANTITY); may be below quantity. */
  maxQuantity: z.number().int().nonnegative(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

/** An applied promo code; value is a percent for 'percent' and dollars for 'fixed'. */
export const AppliedCouponSchema = z.object({
  code: z.string(),
  description: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number().positive(),
});
export type AppliedCoupon = z.infer<typeof AppliedCouponSchema>;

/** The cart (docs/product.md#entities): totalPrice is after the promo discount, subtotal before it. */
export const CartSchema = z.object({
  items: z.array(CartItemSchema),
  totalItems: z.number().int().nonnegative(),
  totalPrice: z.number().nonnegative(),
  subtotal: z.number().nonnegative(),
  discount: z.number().nonnegative(),
  coupon: AppliedCouponSchema.nullable(),
});
export type Cart = z.infer<typeof CartSchema>;

export const CartAnswerSchema = z.object({
  success: z.literal(true),
  cart: CartSchema,
  message: z.string().optional(),
  /** Set when an applied promo code stopped applying and was taken off. */
  couponNotice: z.string().optional(),
});
export type CartAnswer = z.infer<typeof CartAnswerSchema>;

export const CartSyncAnswerSchema = CartAnswerSchema.extend({
  skipped: z.array(
    z.object({
      productId: z.string(),
      size: z.string(),
      colourId: z.string().optional(),
      reason: z.enum(CART_SYNC_SKIP_REASONS),
    }),
  ),
  /** Lines kept with less than asked for, because of stock or the line limit. */
  adjusted: z.array(
    z.object({
      productId: z.string(),
      size: z.string(),
      colourId: z.string().optional(),
      quantity: z.number().int().min(1),
    }),
  ),
});
export type CartSyncAnswer = z.infer<typeof CartSyncAnswerSchema>;
