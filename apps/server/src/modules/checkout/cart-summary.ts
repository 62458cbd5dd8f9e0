import {
  CHECKOUT_MESSAGES as M,
  type CartSummaryQuery,
  countryName,
  DEFAULT_COUNTRY,
  SHIPPING_MESSAGES as SM,
  toDollars,
} from '@shopper/contract';
import { AppError } from '../../lib/app-error.ts';
import type { MethodOption } from '../shipping/index.ts';
import { type Charges, chargesFor } from '../tax/index.ts';
import type { CheckoutDeps } from './checkout-deps.ts';

export const CURRENCY = 'usd';

type PricingDeps = Pick<CheckoutDeps, 'cart' | 'shipping' | 'tax'>;

/** Where the cart goes and by which method; the method is optional for a summary (the cheapest offered). */
export type Destination = { country: string; state: string; method?: string | undefined };

/**
 * The server cart and what it comes to at a destination; the summary and the intent are priced by
 * this one path (docs/shipping-and-taxes.md#checkout). With `isStrict` (paying), a place the shop
 * does not ship to, or a method not offered there, is a 400 naming the field; a summary instead
 * shows no method, or the cheapest one.
 */
export async function pricedCartOf(deps: PricingDeps, userId: string, destination: Destination, isStrict = false) {
  const priced = await deps.cart.getPricedCart(userId);
  if (priced.lines.length === 0) throw new AppError('VALIDATION_FAILED', M.cartEmpty);
  const goodsCents = Math.max(0, priced.subtotalCents - priced.discountCents);
  const [quote, pricing] = await Promise.all([
    deps.shipping.quote(destination, goodsCents),
    deps.tax.pricingAt(destination.country, destination.state),
  ]);
  let method: MethodOption | undefined = quote.chosen;
  if (isStrict && quote.options.length === 0) {
    const country = countryName(destination.country) ?? destination.country;
    const place = quote.shipsTo.includes(destination.country) ? `${destination.state}, ${country}` : country;
    const message = SM.noShippingTo(place);
    const param = quote.shipsTo.includes(destination.country) ? 'state' : 'country';
    throw new AppError('VALIDATION_FAILED', message, [
      { param: `shippingInfo.shippingAddress.${param}`, msg: message },
    ]);
  }
  if (isStrict && !method) {
    throw new AppError('VALIDATION_FAILED', SM.methodUnavailable, [
      { param: 'shippingInfo.shippingMethod', msg: SM.methodUnavailable },
    ]);
  }
  method ??= quote.options[0];
  const totals: Charges = chargesFor({
    lines: priced.lines,
    discountCents: priced.discountCents,
    shippingCents: method?.priceCents ?? 0,
    rule: pricing.rule,
    pricesIncludeTax: pricing.pricesIncludeTax,
  });
  return { priced, totals, method, quote };
}

/** GET /api/payment/cart-summary: the amounts the customer will be charged, from the server cart, at a destination. */
export async function cartSummary(deps: PricingDeps, userId: string, query: CartSummaryQuery = {}) {
  const destination = {
    country: query.country ?? DEFAULT_COUNTRY,
    state: query.state ?? '',
    method: query.shippingMethod,
  };
  const { totals, method, quote } = await pricedCartOf(deps, userId, destination);
  return {
    amount: toDollars(totals.totalCents),
    subtotal: toDollars(totals.subtotalCents),
    taxAmount: toDollars(totals.taxCents),
    shippingAmount: toDollars(totals.shippingCents),
    discount: toDollars(totals.discountCents),
    currency: CURRENCY,
    shippingMethod: method?.code ?? '',
    shippingMethods: quote.options.map((option) => ({
      id: option.code,
      name: option.name,
      price: toDollars(option.priceCents),
      estimate: option.estimate,
      isFreeByAmount: option.isFreeByAmount,
    })),
    shipsTo: quote.shipsTo,
    pricesIncludeTax: totals.pricesIncludeTax,
  } as const;
}
