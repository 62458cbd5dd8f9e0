import { PLACEHOLDER_IMAGE } from '@shopper/contract';
import { describe, expect, it } from 'vitest';
import type { ColourRow } from './product-colours.ts';
import { summariseColours, type VariantStock } from './product-view.ts';

const colour = (id: string, position: number, overrides: Partial<ColourRow> = {}): ColourRow => ({
  id,
  productId: 'p',
  slug: id,
  name: id[0]!.toUpperCase() + id.slice(1),
  swatch: '#1f4e79',
  family: 'blue',
  position,
  images: [`/images/products/tshirt-1f4e79-${id}.svg`],
  mainImageIndex: 0,
  hiddenAt: null,
  ...overrides,
});

const grid = (stock: Record<string, Record<string, number>>): VariantStock[] =>
  Object.entries(stock).flatMap(([colourId, sizes]) =>
    Object.entries(sizes).map(([size, quantity], position) => ({ colourId, size, position, stock: quantity })),
  );

describe('summariseColours', () => {
  it('sums each size over the visible colours, in picker order, and shows the default colour’s gallery', () => {
    const sage = colour('sage', 0, { images: ['/a.svg', '/b.svg'], mainImageIndex: 1, family: 'green' });
    const navy = colour('navy', 1);
    const summary = summariseColours([navy, sage], grid({ sage: { S: 0, M: 2, L: 0 }, navy: { S: 0, M: 3, L: 1 } }), {
      '/b.svg': { srcSet: '/b-320.webp 320w', width: 600, height: 750 },
    });
    expect(summary).toMatchObject({
      sizes: ['S', 'M', 'L'],
      stock: [
        { size: 'S', quantity: 0 },
        { size: 'M', quantity: 5 },
        { size: 'L', quantity: 1 },
      ],
      in_stock: true,
      images: ['/a.svg', '/b.svg'],
      mainImage: '/b.svg',
      mainImageIndex: 1,
      image: '/b.svg',
      imageSources: { '/b.svg': { srcSet: '/b-320.webp 320w', width: 600, height: 750 } },
      defaultColourId: 'sage',
    });
    expect(summary.colours.map((c) => [c.id, c.family, c.in_stock, c.stock.map((s) => s.quantity)])).toEqual([
      ['sage', 'green', true, [0, 2, 0]],
      ['navy', 'blue', true, [0, 3, 1]],
    ]);
    expect(summary.colours[0]?.imageSources).toEqual({
      '/b.svg': { srcSet: '/b-320.webp 320w', width: 600, height: 750 },
    });
    expect(summary.colours[1]).not.toHaveProperty('imageSources');
  });

  it('leaves a hidden colour out of the colours, the sums, the stock flag and the default', () => {
    const hidden = colour('hidden', 0, { hiddenAt: new Date('2026-11-01T00:00:00Z') });
    const plain = colour('plain', 1);
    const summary = summariseColours([hidden, plain], grid({ hidden: { M: 9 }, plain: { M: 0 } }));
    expect(summary.colours.map((c) => c.id)).toEqual(['plain']);
    expect(summary.stock).toEqual([{ size: 'M', quantity: 0 }]);
    expect(summary.in_stock).toBe(false);
    expect(summary.defaultColourId).toBe('plain');
    expect(summary.images).toEqual(plain.images);
  });

  it('answers a product in one colour exactly as before colours: its sizes, stock and gallery', () => {
    const only = colour('standard', 0, { images: [] });
    const summary = summariseColours([only], grid({ standard: { S: 1, M: 0 } }));
    expect(summary).toMatchObject({
      sizes: ['S', 'M'],
      stock: [
        { size: 'S', quantity: 1 },
        { size: 'M', quantity: 0 },
      ],
      in_stock: true,
      images: [PLACEHOLDER_IMAGE],
      mainImage: PLACEHOLDER_IMAGE,
      image: PLACEHOLDER_IMAGE,
      mainImageIndex: 0,
      defaultColourId: 'standard',
    });
    expect(summary).not.toHaveProperty('imageSources');
  });

  it('has nothing in stock and a placeholder when no colour is visible', () => {
    const summary = summariseColours([colour('gone', 0, { hiddenAt: new Date() })], grid({ gone: { M: 4 } }));
    expect(summary).toMatchObject({ colours: [], in_stock: false, image: PLACEHOLDER_IMAGE, defaultColourId: '' });
  });
});
