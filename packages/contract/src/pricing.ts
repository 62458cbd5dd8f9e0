/** Pure pricing rules of docs/product.md#entities and docs/product.md#constants. Money is integer cents inside, dollars on the wire. */

export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function toDollars(cents: number): number {
  return cents / 100;
}

/**
 * True when a dollar amount is a whole number of cents. 19.99 * 100 is 1998.9999999999998 and
 * 0.1 + 0.2 is 0.30000000000000004: binary fractions stray from the cent by a few units in the
 * last place, so the allowance is relative to the amount. An absolute one (say a millionth of a
 * cent) would pass every amount smaller than itself, such as 1e-9, which is 0 cents.
 */
export function hasWholeCents(dollars: number): boolean {
  const cents = dollars * 100;
  return Number.isFinite(cents) && Math.abs(cents - Math.round(cents)) <= Math.abs(cents) * 1024 * Number.EPSILON;
}

/** new_price of 0 or absent means no discount (docs/product.md#entities). */
export function hasDiscount(oldPrice: number, newPrice: number | null | undefined): newPrice is number {
  return newPrice != null && newPrice > 0 && newPrice < oldPrice;
}

/** round((old-new)/old*100), only when new_price is above 0 and below old_price (docs/product.md#constants). */
export function discountPercent(oldPrice: number, newPrice: number | null | undefined): number | null {
  if (!hasDiscount(oldPrice, newPrice)) return null;
  return Math.round(((oldPrice - newPrice) / oldPrice) * 100);
}

/** The price a customer pays: the discounted price when there is one, else the regular price. */
export function effectivePrice(oldPrice: number, newPrice: number | null | undefined): number {
  return hasDiscount(oldPrice, newPrice) ? newPrice : oldPrice;
}

export function formatUsd(dollars: number): string {
  return `$${dollars.toFixed(2)}`;
}

/** Rating rounded down, plus one when the fraction is 0.7 or more, capped at 5 (docs/product.md#constants). */
export function filledStars(rating: number): number {
  if (!Number.isFinite(rating) || rating <= 0) return 0;
  const whole = Math.floor(rating);
  // The epsilon keeps 3.7 (3.6999999999999997 after arithmetic) on the side it is written on.
  return Math.min(5, rating - whole >= 0.7 - 1e-9 ? whole + 1 : whole);
}
