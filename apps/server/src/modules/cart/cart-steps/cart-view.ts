import type { AppliedCoupon, Cart, CouponKind } from '@shopper/contract';
import { MAX_CART_LINE_QUANTITY, toDollars } from '@shopper/contract';

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

export function toWireCart(priced: PricedCart): Cart {
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
