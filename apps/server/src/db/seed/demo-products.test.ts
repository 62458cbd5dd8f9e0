import { ADULT_SIZES, CATEGORIES, KIDS_SIZES } from '@shopper/contract';
import { describe, expect, it } from 'vitest';
import { parseImageName } from '../../modules/images/index.ts';
import { DEMO_PRODUCTS, type SeedProduct } from './demo-products.ts';

const DAY_MS = 86_400_000;

/** The drawing an image path names, or null when it is not one of ours. */
function drawingOf(path: string) {
  const [prefix, name = ''] = path.split(/(?<=\/images\/products\/)/);
  return prefix === '/images/products/' ? parseImageName(name) : null;
}

type ColouredProduct = SeedProduct & { colours: NonNullable<SeedProduct['colours']> };
const coloured = DEMO_PRODUCTS.filter((p): p is ColouredProduct => p.colours !== undefined);

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

  describe('colours (decision 043)', () => {
    it('gives at least a third of the products 2 to 5 colours, in every category', () => {
      expect(coloured.length).toBeGreaterThanOrEqual(Math.ceil(DEMO_PRODUCTS.length / 3));
      for (const p of coloured) {
        expect(p.colours.length, p.slug).toBeGreaterThanOrEqual(2);
        expect(p.colours.length, p.slug).toBeLessThanOrEqual(5);
      }
      expect(new Set(coloured.map((p) => p.colours.length)).size).toBeGreaterThanOrEqual(3);
      for (const category of CATEGORIES) {
        const inCategory = DEMO_PRODUCTS.filter((p) => p.category === category);
        expect(inCategory[0]?.colours, `first ${category} product`).toBeDefined();
        expect(inCategory.filter((p) => p.colours).length).toBeGreaterThanOrEqual(5);
      }
      expect(coloured.map((p) => p.slug)).toContain('cropped-merino-cardigan');
    });

    it('names each colour uniquely within its product, with a lower-case #rrggbb swatch of its own', () => {
      for (const p of coloured) {
        const names = p.colours.map((c) => c.name.toLowerCase());
        expect(new Set(names).size, p.slug).toBe(names.length);
        for (const c of p.colours) {
          expect(c.name.trim(), p.slug).toBe(c.name);
          expect(c.name.length).toBeGreaterThanOrEqual(1);
          expect(c.name.length).toBeLessThanOrEqual(40);
          expect(c.swatch, `${p.slug} ${c.name}`).toMatch(/^#[0-9a-f]{6}$/);
        }
        expect(new Set(p.colours.map((c) => c.swatch)).size, p.slug).toBe(p.colours.length);
      }
    });

    it('draws each colour’s three views of the product’s garment in the colour’s own swatch', () => {
      for (const p of coloured) {
        const garment = drawingOf(p.images[0] ?? '')?.garment;
        for (const c of p.colours) {
          const drawings = c.images.map(drawingOf);
          expect(drawings, `${p.slug} ${c.name}`).toEqual(
            ['front', 'back', 'detail'].map((view) => ({ garment, colour: c.swatch.slice(1), view })),
          );
        }
      }
    });

    it('keeps the product’s own images and sizes those of the first colour, with the stock summed', () => {
      for (const p of coloured) {
        expect(p.images, p.slug).toEqual(p.colours[0]?.images);
        for (const c of p.colours) {
          expect(
            c.sizes.map((s) => s.size),
            `${p.slug} ${c.name}`,
          ).toEqual(p.sizes.map((s) => s.size));
          for (const s of c.sizes) {
            expect(Number.isInteger(s.stock)).toBe(true);
            expect(s.stock).toBeGreaterThanOrEqual(0);
          }
        }
        const summed = p.sizes.map((size, i) => p.colours.reduce((sum, c) => sum + (c.sizes[i]?.stock ?? 0), 0));
        expect(
          p.sizes.map((s) => s.stock),
          p.slug,
        ).toEqual(summed);
      }
    });

    it('sells a size out in some colours only, and one colour of a product out altogether', () => {
      const soldOutInSome = coloured.filter((p) =>
        p.sizes.some((s, i) => s.stock > 0 && p.colours.some((c) => c.sizes[i]?.stock === 0)),
      );
      expect(soldOutInSome.length).toBeGreaterThanOrEqual(coloured.length / 2);
      const colourSoldOut = coloured.filter(
        (p) => p.sizes.some((s) => s.stock > 0) && p.colours.some((c) => c.sizes.every((s) => s.stock === 0)),
      );
      expect(colourSoldOut.length).toBeGreaterThanOrEqual(1);
    });

    // A client or journey that knows only sizes reads the summed stock and buys the first colour, so
    // the first colour must have what the sum promises: e2e/fixtures picks a size sold out, one in
    // stock, and one with 10 or more that parallel journeys buy from.
    it('keeps the first colour in stock wherever the sum is, and roomy wherever the sum is', () => {
      for (const p of coloured) {
        p.sizes.forEach((s, i) => {
          const first = p.colours[0]?.sizes[i]?.stock ?? 0;
          expect(first > 0, `${p.slug} ${s.size}`).toBe(s.stock > 0);
          expect(first >= 10, `${p.slug} ${s.size}`).toBe(s.stock >= 10);
        });
      }
    });
  });
});
