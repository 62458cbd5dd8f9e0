import { COUNTRY_CODES } from '@shopper/contract';

/** Pure rules of where the shop ships and what it costs (docs/shipping-and-taxes.md#zones). */

export type ZoneMethod = {
  id: string;
  code: string;
  name: string;
  priceCents: number;
  freeFromCents: number | null;
  estimate: string;
};

export type Zone = {
  id: string;
  name: string;
  isRestOfWorld: boolean;
  places: readonly { country: string; states: readonly string[] }[];
  methods: readonly ZoneMethod[];
};

export type MethodOption = {
  code: string;
  name: string;
  estimate: string;
  priceCents: number;
  /** The method has a price, but these goods reach its free-from amount. */
  isFreeByAmount: boolean;
};

const sameState = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The zone an address falls in: the one naming its country (when that zone narrows the country to
 * some states, only those), else the rest-of-world zone. A country named by a zone is never also
 * served by the rest of the world, so narrowing a country closes its other states.
 */
export function zoneFor(zones: readonly Zone[], country: string, state: string): Zone | undefined {
  for (const zone of zones) {
    const place = zone.places.find((p) => p.country === country);
    if (!place) continue;
    return place.states.length === 0 || place.states.some((s) => sameState(s, state)) ? zone : undefined;
  }
  return zones.find((zone) => zone.isRestOfWorld);
}

/** The methods of a zone priced for goods worth `goodsCents` (after the coupon): cheapest first, then by name. */
export function methodOptions(zone: Zone | undefined, goodsCents: number): MethodOption[] {
  if (!zone) return [];
  return zone.methods
    .map((method) => {
      const isFreeByAmount =
        method.priceCents > 0 && method.freeFromCents !== null && goodsCents >= method.freeFromCents;
      return {
        code: method.code,
        name: method.name,
        estimate: method.estimate,
        priceCents: isFreeByAmount ? 0 : method.priceCents,
        isFreeByAmount,
      };
    })
    .sort((a, b) => a.priceCents - b.priceCents || a.name.localeCompare(b.name));
}

/** Countries checkout may offer: every one a zone with a method reaches. */
export function shipsTo(zones: readonly Zone[]): string[] {
  const served = zones.filter((zone) => zone.methods.length > 0);
  const named = new Set(zones.flatMap((zone) => zone.places.map((p) => p.country)));
  const restOfWorld = served.some((zone) => zone.isRestOfWorld);
  return COUNTRY_CODES.filter(
    (code) => served.some((zone) => zone.places.some((p) => p.country === code)) || (restOfWorld && !named.has(code)),
  );
}

/**
 * What the shop can promise about shipping everywhere it ships: free when every served zone has a
 * free method; free from the largest threshold when every zone has one free or free from an
 * amount; paid from the cheapest price when no zone ever ships free. When zones differ in kind
 * (free here, always paid there), no promise holds everywhere.
 */
export function shippingOffer(zones: readonly Zone[]): ShippingOfferCents {
  const served = zones.filter((zone) => zone.methods.length > 0);
  if (served.length === 0) return { kind: 'none' };
  const freeFrom = served.map((zone) => {
    if (zone.methods.some((m) => m.priceCents === 0)) return 0;
    const thresholds = zone.methods.flatMap((m) => (m.freeFromCents === null ? [] : [m.freeFromCents]));
    return thresholds.length > 0 ? Math.min(...thresholds) : null;
  });
  if (freeFrom.every((cents) => cents === 0)) return { kind: 'free' };
  if (freeFrom.every((cents): cents is number => cents !== null)) {
    return { kind: 'free-from', amountCents: Math.max(...freeFrom) };
  }
  if (freeFrom.every((cents) => cents === null)) {
    return {
      kind: 'paid-from',
      amountCents: Math.min(...served.flatMap((zone) => zone.methods.map((m) => m.priceCents))),
    };
  }
  return { kind: 'none' };
}

export type ShippingOfferCents =
  { kind: 'free' } | { kind: 'free-from' | 'paid-from'; amountCents: number } | { kind: 'none' };

/** A method code from a method's name: `Express` → `express`, made unique among `taken`. */
export function codeFor(name: string, taken: readonly string[]): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 30) || 'method';
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.includes(`${base}-${n}`)) return `${base}-${n}`;
}
