import { IMPORT_NEUTRAL_SWATCH } from '@shopper/contract';
import { describe, expect, it } from 'vitest';
import { swatchForColourName } from './colour-swatches.ts';

describe('swatchForColourName', () => {
  it.each([
    ['Navy', '#1f2a44'],
    ['navy blue', '#1f2a44'],
    ['Forest Green', '#228b22'],
    ['Sea Green', '#2e7d32'],
    ['Washed Black', '#111111'],
    ['Heather Grey', '#9aa0a6'],
    ['OFF-WHITE', '#f5f3ee'],
    ['Light Blue / Stripe', '#a7c7e7'],
  ])('reads %j as %s', (name, swatch) => {
    expect(swatchForColourName(name)).toBe(swatch);
  });

  it.each(['Mid Wash', 'Champagne', '', 'constructor', '__proto__'])('gives %j the neutral swatch', (name) => {
    expect(swatchForColourName(name)).toBe(IMPORT_NEUTRAL_SWATCH);
  });
});
