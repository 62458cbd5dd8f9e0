import { ADULT_SIZES, CATEGORIES, KIDS_SIZES } from '@shopper/contract';
import { describe, expect, it } from 'vitest';
import { parseImageName } from '../../modules/images/index.ts';
import { DEMO_PRODUCTS } from './demo-products.ts';

const DAY_MS = 86_400_000;

describe('DEMO_PRODUCTS', () => {
  it('fills every category', () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(48);
    for (const category of CATEGORIES) {
      expect(DEMO_PRODUCTS.filter((p) => p.category === category).length).toBeGreaterThanOrEqual(14);
    }
  });

  it('has unique kebab-case slugs', () => {
    const slugs = DEMO_PRODUCTS.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('discounts about a third of the catalog, each sale price below the regular price', () => {
    const discounted = DEMO_PRODUCTS.filter((p) => p.salePriceCents !== null);
    const share = discounted.length / DEMO_PRODUCTS.length;
    expect(share).toBeGreaterThanOrEqual(0.28);
    expect(share).toBeLessThanOrEqual(0.4);
    for (const p of discounted) {
      const sale = p.salePriceCents ?? 0;
      expect(sale).toBeGreaterThan(0);
      expect(sale).toBeLessThan(p.priceCents);
      const percent = Math.round(((p.priceCents - sale) / p.priceCents) * 100);
      expect(percent).toBeGreaterThanOrEqual(10);
      expect(percent).toBeLessThanOrEqual(50);
    }
  });

  it('prices in whole cents within a realistic range', () => {
    for (const p of DEMO_PRODUCTS) {
      expect(Number.isInteger(p.priceCents)).toBe(true);
      expect(p.priceCents).toBeGreaterThanOrEqual(1499);
      expect(p.priceCents).toBeLessThanOrEqual(24900);
    }
  });

  it('points every product at three parseable images', () => {
    for (const p of DEMO_PRODUCTS) {
      expect(p.images).toHaveLength(3);
      const views = p.images.map((path) => {
        const [prefix, name = ''] = path.split(/(?<=\/images\/products\/)/);
        expect(prefix).toBe('/images/products/');
        const parsed = parseImageName(name);
        expect(parsed, path).not.toBeNull();
        return parsed?.view;
      });
      expect(views).toEqual(['front', 'back', 'detail']);
    }
  });

  it('lists sizes in canonical order for the category, with sane stock', () => {
    for (const p of DEMO_PRODUCTS) {
      const canonical: readonly string[] = p.category === 'kids' ? KIDS_SIZES : ADULT_SIZES;
      const positions = p.sizes.map((s) => canonical.indexOf(s.size));
      expect(p.sizes.length).toBeGreaterThan(0);
      expect(positions.every((i) => i >= 0)).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(new Set(positions).size).toBe(positions.length);
      for (const s of p.sizes) {
        expect(Number.isInteger(s.stock)).toBe(true);
        expect(s.stock).toBeGreaterThanOrEqual(0);
        expect(s.stock).toBeLessThanOrEqual(40);
      }
    }
  });

  it('includes sold-out sizes and at least one fully sold-out product', () => {
    expect(DEMO_PRODUCTS.some((p) => p.sizes.every((s) => s.stock === 0))).toBe(true);
    expect(DEMO_PRODUCTS.some((p) => p.sizes.some((s) => s.stock === 0) && p.sizes.some((s) => s.stock > 0))).toBe(
      true,
    );
  });

  it('spreads publication dates over most of a year before 2026-11-01', () => {
    const times = DEMO_PRODUCTS.map((p) => Date.parse(p.publishedAt));
    expect(times.every((t) => Number.isFinite(t) && t < Date.parse('2026-11-01T00:00:00Z'))).toBe(true);
    expect((Math.max(...times) - Math.min(...times)) / DAY_MS).toBeGreaterThanOrEqual(300);
  });

  it('rates every product between 2.5 and 5 with one decimal', () => {
    for (const p of DEMO_PRODUCTS) {
      expect(p.rating).toBeGreaterThanOrEqual(2.5);
      expect(p.rating).toBeLessThanOrEqual(5);
      expect(Math.round(p.rating * 10)).toBeCloseTo(p.rating * 10, 9);
    }
  });

  it('uses a small shared vocabulary of types and includes women’s dresses, skirts and tops', () => {
    const types = new Set(DEMO_PRODUCTS.flatMap((p) => p.types));
    expect(types.size).toBeLessThanOrEqual(14);
    const women = DEMO_PRODUCTS.filter((p) => p.category === 'women');
    for (const type of ['dresses', 'skirts', 'tops']) {
      expect(women.some((p) => p.types.includes(type))).toBe(true);
    }
  });
});
