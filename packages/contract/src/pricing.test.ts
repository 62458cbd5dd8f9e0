import { describe, expect, it } from 'vitest';
import {
  discountPercent,
  effectivePrice,
  filledStars,
  formatUsd,
  hasDiscount,
  hasWholeCents,
  toCents,
  toDollars,
} from './pricing.ts';

describe('hasWholeCents', () => {
  it('accepts whole cents, binary fractions and sums of them included', () => {
    const amounts = [0, 0.01, 0.1 + 0.2, 19.99, 19.99 * 3, 49.99 + 0.01, 100, 99_999.99, 1_000_000, 21_474_836.47];
    expect(amounts.filter((amount) => !hasWholeCents(amount))).toEqual([]);
  });

  it('refuses any fraction of a cent, however small, and what is not a number', () => {
    const amounts = [1e-9, 1e-300, Number.MIN_VALUE, 0.001, 0.009, 10.005, 5.000000001, 120.000000001, 99_999.991];
    expect(amounts.filter(hasWholeCents)).toEqual([]);
    expect([Number.NaN, Number.POSITIVE_INFINITY, -1e-9].some(hasWholeCents)).toBe(false);
  });
});

describe('discountPercent (docs/product.md#constants)', () => {
  it.each([
    [100, 75, 25],
    [59.99, 44.99, 25],
    [80, 60, 25],
    [30, 19.99, 33],
    [10, 9.95, 1],
  ])('old %d, new %d → %d%%', (oldPrice, newPrice, percent) => {
    expect(discountPercent(oldPrice, newPrice)).toBe(percent);
  });

  it.each([
    [100, 0],
    [100, undefined],
    [100, null],
    [100, 100],
    [100, 120],
    [100, -5],
  ])('shows no discount for old %d and new %s', (oldPrice, newPrice) => {
    expect(discountPercent(oldPrice, newPrice)).toBeNull();
    expect(hasDiscount(oldPrice, newPrice)).toBe(false);
    expect(effectivePrice(oldPrice, newPrice)).toBe(oldPrice);
  });

  it('charges the discounted price when there is one', () => {
    expect(effectivePrice(100, 75)).toBe(75);
  });
});

describe('filledStars (docs/product.md#constants: floor, plus one from .7, capped at 5)', () => {
  it.each([
    [0, 0],
    [3, 3],
    [3.6, 3],
    [3.69, 3],
    [3.7, 4],
    [3.9, 4],
    [4.7, 5],
    [4.95, 5],
    [5, 5],
    [7, 5],
    [-1, 0],
    [Number.NaN, 0],
  ])('rating %d fills %d stars', (rating, stars) => {
    expect(filledStars(rating)).toBe(stars);
  });
});

describe('money', () => {
  it('converts dollars to integer cents without float drift', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toDollars(1999)).toBe(19.99);
  });

  it('formats USD with two decimals', () => {
    expect(formatUsd(5)).toBe('$5.00');
    expect(formatUsd(1234.5)).toBe('$1234.50');
  });
});
