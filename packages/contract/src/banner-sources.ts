/**
 * The built-in category banners (`/images/banners/{category}.svg`) are also served as WebP at these
 * widths (`/images/banners/{category}-{width}.webp`): a phone draws a picture off its main thread,
 * but paints an SVG on it (decision 037).
 */
export const BANNER_RASTER_WIDTHS = [720, 1080, 1440] as const;
export type BannerRasterWidth = (typeof BANNER_RASTER_WIDTHS)[number];
const BUILT_IN_BANNER = /^\/images\/banners\/([a-z]{3,5})\.svg$/;

/** The address of a built-in banner's WebP rendering `width` pixels wide; null for any other banner image. */
export function builtInBannerRendering(image: string, width: BannerRasterWidth): string | null {
  const category = BUILT_IN_BANNER.exec(image)?.[1];
  return category ? `/images/banners/${category}-${width}.webp` : null;
}

/** The srcset of a built-in banner's WebP renderings; null for any other banner image. */
export function builtInBannerSrcSet(image: string): string | null {
  if (!BUILT_IN_BANNER.test(image)) return null;
  return BANNER_RASTER_WIDTHS.map((width) => `${builtInBannerRendering(image, width)} ${width}w`).join(', ');
}
