import { describe, expect, it } from 'vitest';
import { codeFor, methodOptions, shipsTo, type Zone, zoneFor } from './shipping-rules.ts';

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

describe('codeFor', () => {
  it('makes a code from the name, unique in its zone', () => {
    expect(codeFor('Express', [])).toBe('express');
    expect(codeFor('Next Day!', ['next-day'])).toBe('next-day-2');
    expect(codeFor('!!!', [])).toBe('method');
  });
});
