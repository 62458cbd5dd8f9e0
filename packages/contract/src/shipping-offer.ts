import { formatUsd } from './pricing.ts';

/**
 * What the shop promises about shipping everywhere it ships, from the owner's zones and methods
 * (docs/shipping-and-taxes.md#the-top-band): free on every order, free from an amount, or paid.
 */
export type ShippingOffer =
  | { kind: 'free' }
  /** Every zone has a method free from some amount: the largest of those amounts. */
  | { kind: 'free-from'; amount: number }
  /** No zone ever ships free: the cheapest price anywhere. */
  | { kind: 'paid-from'; amount: number }
  /** No promise holds everywhere (free in one zone, always paid in another), or no zone has a method. */
  | { kind: 'none' };

/** The returns half of the top band. No setting changes the return window yet. */
export const RETURNS_PROMISE = 'Easy 30-day returns';

/**
 * The top band's text: `accent` is stressed, `rest` follows it. A fresh shop (free shipping
 * everywhere) reads "Free shipping on every order · Easy 30-day returns".
 */
export function shopBandText(offer: ShippingOffer | undefined): { accent: string; rest: string } {
  switch (offer?.kind) {
    case 'free':
      return { accent: 'Free shipping', rest: ` on every order · ${RETURNS_PROMISE}` };
    case 'free-from':
      return { accent: 'Free shipping', rest: ` on orders from ${formatUsd(offer.amount)} · ${RETURNS_PROMISE}` };
    case 'paid-from':
      return { accent: 'Shipping', rest: ` from ${formatUsd(offer.amount)} · ${RETURNS_PROMISE}` };
    default:
      return { accent: RETURNS_PROMISE, rest: '' };
  }
}
