import { CATEGORIES } from '@shopper/contract';
import { describe, expect, it } from 'vitest';
import { BANNER_HEIGHT, BANNER_WIDTH, isBannerCategory, renderCategoryBannerSvg } from './category-banner-art.ts';

describe('renderCategoryBannerSvg', () => {
  for (const category of CATEGORIES) {
    it(`draws a self-contained ${category} banner of the advertised size`, () => {
      const svg = renderCategoryBannerSvg(category);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain(`width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}"`);
      expect(svg).not.toMatch(/<script|on[a-z]+=|https?:\/\/(?!www\.w3\.org\/2000\/svg)/i);
      expect(svg).not.toMatch(/NaN|undefined/);
      expect(Buffer.byteLength(svg)).toBeLessThan(24 * 1024);
    });

    it(`gives every element of the ${category} banner a distinct id, each reference pointing at one`, () => {
      const svg = renderCategoryBannerSvg(category);
      const ids = [...svg.matchAll(/ id="([\w-]+)"/g)].map((match) => match[1]);
      expect(new Set(ids).size).toBe(ids.length);
      const references = [...svg.matchAll(/(?:url\(#|href="#)([\w-]+)/g)].map((match) => match[1]);
      expect(references.length).toBeGreaterThan(6);
      for (const reference of references) expect(ids).toContain(reference);
    });
  }

  it('draws three different banners', () => {
    expect(new Set(CATEGORIES.map(renderCategoryBannerSvg)).size).toBe(3);
  });

  it('knows only the shop’s categories', () => {
    expect(CATEGORIES.every(isBannerCategory)).toBe(true);
    expect(isBannerCategory('pets')).toBe(false);
    expect(isBannerCategory('constructor')).toBe(false);
  });
});
