/**
 * Tax rules of checkout and refunds, in integer cents (docs/shipping-and-taxes.md#taxes). Rates are
 * thousandths of a percent (7250 = 7.25 %), so every step is integer arithmetic; tax is rounded
 * once per line, half up (decision 051).
 */

import { divideHalfUp } from '@shopper/contract';

export const RATE_DENOMINATOR = 100_000;

/** The tax in an amount: added on top (prices without tax) or contained in it (prices with tax included). */
export function taxOn(amountCents: number, rateMilli: number, isIncluded: boolean): number {
  if (amountCents <= 0 || rateMilli <= 0) return 0;
  if (!isIncluded) return divideHalfUp(amountCents * rateMilli, RATE_DENOMINATOR);
  return amountCents - divideHalfUp(amountCents * RATE_DENOMINATOR, RATE_DENOMINATOR + rateMilli);
}

/**
 * Splits a discount over amounts in proportion to them, in whole cents that add up to the discount:
 * each share rounds down, and the cents left go to the largest remainders (the first line on a tie).
 */
export function allocate(totalCents: number, amounts: readonly number[]): number[] {
  const base = amounts.reduce((sum, a) => sum + a, 0);
  const share = Math.min(Math.max(0, totalCents), base);
  if (base <= 0 || share === 0) return amounts.map(() => 0);
  const parts = amounts.map((a) => Math.floor((share * a) / base));
  let left = share - parts.reduce((sum, p) => sum + p, 0);
  const order = amounts
    .map((a, index) => ({ index, remainder: (share * a) % base }))
    .sort((x, y) => y.remainder - x.remainder || x.index - y.index);
  for (const { index } of order) {
    if (left === 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** What a place pays: on goods, and on shipping (null: shipping untaxed there). */
export type TaxRule = { rateMilli: number; shippingRateMilli: number | null };

export type ChargeLine = { unitPriceCents: number; quantity: number };

export type LineCharge = {
  /** The coupon's share of this line. */
  discountCents: number;
  taxRateMilli: number;
  taxCents: number;
};

export type Charges = {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  /** All tax: the lines' and the shipping's. Inside the other amounts when `pricesIncludeTax`. */
  taxCents: number;
  shippingTaxCents: number;
  totalCents: number;
  pricesIncludeTax: boolean;
  lines: LineCharge[];
};

/**
 * Prices a checkout: the coupon is shared over the lines in proportion to them, each line's tax is
 * taken on what is left of it and rounded on its own, and shipping is taxed at the place's shipping
 * rate. With tax included the shelf price is what is paid and the tax is part of it.
 */
export function chargesFor({
  lines,
  discountCents,
  shippingCents,
  rule,
  pricesIncludeTax,
}: {
  lines: readonly ChargeLine[];
  discountCents: number;
  shippingCents: number;
  rule: TaxRule;
  pricesIncludeTax: boolean;
}): Charges {
  const amounts = lines.map((line) => line.unitPriceCents * line.quantity);
  const subtotalCents = amounts.reduce((sum, a) => sum + a, 0);
  const discount = Math.min(Math.max(0, discountCents), subtotalCents);
  const shares = allocate(discount, amounts);
  const charged = lines.map((_, index) => {
    const share = shares[index] ?? 0;
    const net = (amounts[index] ?? 0) - share;
    return {
      discountCents: share,
      taxRateMilli: rule.rateMilli,
      taxCents: taxOn(net, rule.rateMilli, pricesIncludeTax),
    };
  });
  const shipping = Math.max(0, shippingCents);
  const shippingTaxCents = taxOn(shipping, rule.shippingRateMilli ?? 0, pricesIncludeTax);
  const taxCents = charged.reduce((sum, line) => sum + line.taxCents, 0) + shippingTaxCents;
  const totalCents = subtotalCents - discount + shipping + (pricesIncludeTax ? 0 : taxCents);
  return {
    subtotalCents,
    discountCents: discount,
    shippingCents: shipping,
    taxCents,
    shippingTaxCents,
    totalCents,
    pricesIncludeTax,
    lines: charged,
  };
}

/** A tax rate as the owner set it for a country, or for one of its states. */
export type PlaceRate = { country: string; state: string; rateMilli: number; shippingRateMilli: number | null };

const sameState = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The rule for an address: its state's rate, else its country's. A shop that has set no rate at all
 * charges its configured rate everywhere, on goods only, as it always did; once one rate is set, a
 * place without one pays none.
 */
export function ruleFor(
  rates: readonly PlaceRate[],
  fallbackRateMilli: number,
  country: string,
  state: string,
): TaxRule {
  if (rates.length === 0) return { rateMilli: fallbackRateMilli, shippingRateMilli: null };
  const inCountry = rates.filter((rate) => rate.country === country);
  const found =
    (state.trim() !== '' ? inCountry.find((rate) => rate.state !== '' && sameState(rate.state, state)) : undefined) ??
    inCountry.find((rate) => rate.state === '');
  return found
    ? { rateMilli: found.rateMilli, shippingRateMilli: found.shippingRateMilli }
    : { rateMilli: 0, shippingRateMilli: null };
}

/** A fraction (0.08) as thousandths of a percent (8000). */
export const rateMilliOf = (fraction: number): number => Math.round(fraction * RATE_DENOMINATOR);
