import { describe, expect, it } from 'vitest';
import {
  garmentPictureUrl,
  GARMENTS,
  IMAGE_VIEWS,
  imageName,
  parseImageName,
  renderGarmentSvg,
  renderPlaceholderSvg,
} from './garment-art.ts';

describe('parseImageName', () => {
  it('accepts a well-formed name', () => {
    expect(parseImageName('tshirt-1f4e79-front.svg')).toEqual({
      garment: 'tshirt',
      colour: '1f4e79',
      view: 'front',
    });
    expect(parseImageName('dress-c8553d-detail.svg')?.view).toBe('detail');
  });

  it.each([
    '',
    '../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    'tshirt-zzzzzz-front.svg',
    'tshirt-1F4E79-front.svg',
    'tshirt-1f4e7-front.svg',
    'tshirt-1f4e79-front.png',
    'tshirt-1f4e79-front.svg.svg',
    'tshirt-1f4e79-side.svg',
    'tuxedo-1f4e79-front.svg',
    'tshirt-1f4e79-front-extra.svg',
    'tshirt-#1f4e79-front.svg',
    ' tshirt-1f4e79-front.svg',
    'tshirt-1f4e79-front.svg\n',
    'constructor-1f4e79-front.svg',
    `tshirt-1f4e79-front${'a'.repeat(10_000)}.svg`,
  ])('rejects %j', (name) => {
    expect(parseImageName(name)).toBeNull();
  });
});

describe('garmentPictureUrl', () => {
  it('names the WebP rendering of a generated drawing', () => {
    expect(garmentPictureUrl('/images/products/shirt-1f4e79-front.svg')).toBe(
      '/images/products/shirt-1f4e79-front.webp',
    );
  });

  it.each([
    '/images/placeholder.svg',
    '/images/products/shirt-1f4e79-side.svg',
    '/images/uploads/2f1c/shirt.webp',
    'https://cdn.example.com/images/products/shirt-1f4e79-front.svg',
    '/images/products/../products/shirt-1f4e79-front.svg',
    '',
  ])('has none for %s', (url) => {
    expect(garmentPictureUrl(url)).toBeNull();
  });
});

describe('imageName', () => {
  it('round-trips with parseImageName for every garment and view', () => {
    for (const garment of GARMENTS) {
      for (const view of IMAGE_VIEWS) {
        expect(parseImageName(imageName(garment, '#A0B1C2', view))).toEqual({ garment, colour: 'a0b1c2', view });
      }
    }
  });

  it('refuses a colour that is not six hex digits', () => {
    expect(() => imageName('tshirt', 'navy', 'front')).toThrow();
  });
});

describe('renderGarmentSvg', () => {
  it('offers at least twelve garments and three views', () => {
    expect(GARMENTS.length).toBeGreaterThanOrEqual(12);
    expect(IMAGE_VIEWS).toEqual(['front', 'back', 'detail']);
  });

  for (const garment of GARMENTS) {
    it(`draws a small, self-contained ${garment} in every view`, () => {
      const svgs = IMAGE_VIEWS.map((view) => renderGarmentSvg({ garment, colour: '3a5f8c', view }));
      for (const svg of svgs) {
        expect(svg.startsWith('<svg')).toBe(true);
        expect(svg).toContain('viewBox="0 0 600 750"');
        expect(svg).toContain('width="600" height="750"');
        expect(svg).toContain('#3a5f8c');
        expect(svg).not.toMatch(/<script|on[a-z]+=|https?:\/\/(?!www\.w3\.org\/2000\/svg)/i);
        expect(svg).not.toContain('NaN');
        expect(svg).not.toContain('undefined');
        expect(svg.endsWith('</svg>')).toBe(true);
        expect(Buffer.byteLength(svg)).toBeLessThan(6 * 1024);
      }
      expect(new Set(svgs).size).toBe(3);
    });
  }

  it('is deterministic', () => {
    const input = { garment: 'coat', colour: '5b6b3a', view: 'back' } as const;
    expect(renderGarmentSvg(input)).toBe(renderGarmentSvg(input));
  });

  it('draws very light and very dark colours too', () => {
    for (const colour of ['ffffff', '000000']) {
      expect(renderGarmentSvg({ garment: 'jeans', colour, view: 'front' })).toContain(`#${colour}`);
    }
  });
});

describe('renderPlaceholderSvg', () => {
  it('is a 600x750 svg', () => {
    const svg = renderPlaceholderSvg();
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('viewBox="0 0 600 750"');
  });
});
