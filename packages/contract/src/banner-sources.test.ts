import { describe, expect, it } from 'vitest';
import { BANNER_RASTER_WIDTHS, builtInBannerRendering, builtInBannerSrcSet } from './banner-sources.ts';

describe('builtInBannerSrcSet', () => {
  it('offers every WebP width of a built-in banner', () => {
    expect(BANNER_RASTER_WIDTHS).toEqual([720, 1080, 1440]);
    expect(builtInBannerSrcSet('/images/banners/women.svg')).toBe(
      '/images/banners/women-720.webp 720w, /images/banners/women-1080.webp 1080w, /images/banners/women-1440.webp 1440w',
    );
  });

  it.each([
    '/images/uploads/banner.webp',
    'https://cdn.example.com/images/banners/women.svg',
    '/images/banners/women.png',
    '/images/banners/Women.svg',
    '/images/banners/../women.svg',
    '',
  ])('has none for %s', (image) => {
    expect(builtInBannerSrcSet(image)).toBeNull();
    expect(builtInBannerRendering(image, 1440)).toBeNull();
  });
});

describe('builtInBannerRendering', () => {
  it('names one WebP rendering of a built-in banner', () => {
    expect(builtInBannerRendering('/images/banners/kids.svg', 1440)).toBe('/images/banners/kids-1440.webp');
    expect(builtInBannerRendering('/images/banners/men.svg', 720)).toBe('/images/banners/men-720.webp');
  });
});
