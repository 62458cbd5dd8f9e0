import { describe, expect, it } from 'vitest';
import { codeFor, methodOptions, shippingOffer, shipsTo, type Zone, zoneFor } from './shipping-rules.ts';

const standard = {
  id: 's',
  code: 'standard',
  name: 'Standard',
  priceCents: 0,
  freeFromCents: null,
  estimate: '3–7 days',
};
const express = {
  id: 'e',
  code: 'express',
  name: 'Express',
  priceCents: 1500,
  freeFromCents: 20_000,
  estimate: '1–2 days',
};
const us: Zone = {
  id: 'us',
  name: 'US',
  isRestOfWorld: false,
  places: [{ country: 'US', states: [] }],
  methods: [standard, express],
};
const westCoast: Zone = {
  id: 'ca',
  name: 'Canada west',
  isRestOfWorld: false,
  places: [{ country: 'CA', states: ['British Columbia'] }],
  methods: [standard],
};
const world: Zone = { id: 'w', name: 'World', isRestOfWorld: true, places: [], methods: [express] };

describe('zoneFor', () => {
  it('finds the zone naming the country, narrowed to its states', () => {
    expect(zoneFor([us, westCoast, world], 'US', 'California')?.id).toBe('us');
    expect(zoneFor([us, westCoast, world], 'CA', 'british columbia')?.id).toBe('ca');
    expect(zoneFor([us, westCoast, world], 'CA', 'Ontario')).toBeUndefined();
  });
  it('sends any other country to the rest of the world, or nowhere without one', () => {
    expect(zoneFor([us, world], 'JP', '')?.id).toBe('w');
    expect(zoneFor([us], 'JP', '')).toBeUndefined();
  });
});

describe('methodOptions', () => {
  it('prices each method, free from its amount, cheapest first', () => {
    expect(methodOptions(us, 5000).map((o) => [o.code, o.priceCents, o.isFreeByAmount])).toEqual([
      ['standard', 0, false],
      ['express', 1500, false],
    ]);
    expect(methodOptions(us, 20_000).find((o) => o.code === 'express')).toMatchObject({
      priceCents: 0,
      isFreeByAmount: true,
    });
    expect(methodOptions(undefined, 100)).toEqual([]);
  });
});

describe('shipsTo', () => {
  it('lists the countries of zones with methods, and all the others when the rest of the world has one', () => {
    expect(shipsTo([us, westCoast])).toEqual(['US', 'CA']);
    expect(shipsTo([us, { ...world, methods: [] }])).toEqual(['US']);
    expect(shipsTo([us, world])).toHaveLength(24);
  });
});

describe('shippingOffer', () => {
  const paid = (id: string, priceCents: number, freeFromCents: number | null) => ({
    ...express,
    id,
    code: id,
    name: id,
    priceCents,
    freeFromCents,
  });
  it('is free when every zone with methods has a free one', () => {
    expect(shippingOffer([us, westCoast, { ...world, methods: [] }])).toEqual({ kind: 'free' });
  });
  it('is free from the largest threshold when every zone is free from some amount', () => {
    expect(shippingOffer([us, { ...world, methods: [paid('a', 900, 10_000), paid('b', 500, 7_500)] }])).toEqual({
      kind: 'free-from',
      amountCents: 7_500,
    });
    expect(shippingOffer([{ ...us, methods: [paid('a', 900, 5_000)] }, world])).toEqual({
      kind: 'free-from',
      amountCents: 20_000,
    });
  });
  it('is paid from the cheapest price when no zone ever ships free', () => {
    const always = (zone: Zone, priceCents: number) => ({ ...zone, methods: [paid(`${zone.id}1`, priceCents, null)] });
    expect(shippingOffer([always(us, 495), always(world, 995)])).toEqual({ kind: 'paid-from', amountCents: 495 });
  });
  it('promises nothing when zones differ in kind, or when the shop ships nowhere', () => {
    expect(shippingOffer([us, { ...world, methods: [paid('a', 995, null)] }])).toEqual({ kind: 'none' });
    expect(shippingOffer([{ ...world, methods: [] }])).toEqual({ kind: 'none' });
  });
});

describe('codeFor', () => {
  it('makes a code from the name, unique in its zone', () => {
    expect(codeFor('Express', [])).toBe('express');
    expect(codeFor('Next Day!', ['next-day'])).toBe('next-day-2');
    expect(codeFor('!!!', [])).toBe('method');
  });
});
