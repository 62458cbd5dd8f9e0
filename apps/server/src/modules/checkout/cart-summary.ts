import { CHECKOUT_MESSAGES as M, toDollars } from '@shopper/contract';
import { AppError } from '../../lib/app-error.ts';
import type { CheckoutDeps } from './checkout-deps.ts';
import { checkoutTotals } from './checkout-totals.ts';

export const CURRENCY = 'usd';

/** The server cart and what it comes to; the summary and the intent are priced by this one path. */
export async function pricedCartOf({ cart, taxRate }: Pick<CheckoutDeps, 'cart' | 'taxRate'>, userId: string) {
  const priced = await cart.getPricedCart(userId);
  if (priced.lines.length === 0) throw new AppError('VALIDATION_FAILED', M.cartEmpty);
  return { priced, totals: checkoutTotals({ ...priced, taxRate }) };
}

/** GET /api/payment/cart-summary: the amounts the customer will be charged, from the server cart. */
export async function cartSummary(deps: Pick<CheckoutDeps, 'cart' | 'taxRate'>, userId: string) {
  const { totals } = await pricedCartOf(deps, userId);
  return {
    amount: toDollars(totals.totalCents),
    subtotal: toDollars(totals.subtotalCents),
    taxAmount: toDollars(totals.taxCents),
    shippingAmount: toDollars(totals.shippingCents),
    discount: toDollars(totals.discountCents),
    currency: CURRENCY,
  } as const;
}
