import type { Category } from '@shopper/contract';
import { type Garment, renderGarmentSvg } from './garment-art.ts';

export const BANNER_WIDTH = 1440;
export const BANNER_HEIGHT = 360;

type BannerDesign = {
  title: string;
  tagline: string;
  /** Backdrop gradient, left to right. */
  from: string;
  to: string;
  ink: string;
  garments: readonly [Garment, string][];
};

/** The three category banners (docs/product.md#category-page), each showing three garments of its collection. */
const DESIGNS: Record<Category, BannerDesign> = {
  men: {
    title: 'Men Collection',
    tagline: 'Sharp layers and everyday staples',
    from: '#1d2b45',
    to: '#3c5a86',
    ink: '#f5f1ea',
    garments: [
      ['jacket', '6b4f3a'],
      ['shirt', 'dfe7f2'],
      ['jeans', '2f4a6d'],
    ],
  },
  women: {
    title: 'Women Collection',
    tagline: 'Light dresses, soft knits, new colours',
    from: '#7a2e3b',
    to: '#d98c8c',
    ink: '#fff8f3',
    garments: [
      ['dress', 'c8553d'],
      ['cardigan', 'efe2cf'],
      ['skirt', '3f3a60'],
    ],
  },
  kids: {
    title: 'Kids Collection',
    tagline: 'Made to play in, built to last',
    from: '#d99a1e',
    to: '#f4d35e',
    ink: '#2b2118',
    garments: [
      ['hoodie', '2a9d8f'],
      ['romper', 'e76f51'],
      ['shorts', '264653'],
    ],
  },
};

export function isBannerCategory(value: string): value is Category {
  return Object.hasOwn(DESIGNS, value);
}

/**
 * A garment drawing placed inside the banner. Its ids (#b, #g, #t …) are prefixed, since every
 * drawing uses the same ones and an SVG document resolves each id to its first element.
 */
function placedGarment(garment: Garment, colour: string, prefix: string, x: number): string {
  const svg = renderGarmentSvg({ garment, colour, view: 'front' })
    .replace(/ id="([\w-]+)"/g, ` id="${prefix}$1"`)
    .replace(/url\(#([\w-]+)\)/g, `url(#${prefix}$1)`)
    .replace(/href="#([\w-]+)"/g, `href="#${prefix}$1"`);
  const inner = svg.replace(/^<svg [^>]*>/, '').replace(/<\/svg>$/, '');
  const width = 224;
  const height = 280;
  return (
    `<g transform="translate(${x} 40)">` +
    `<rect x="6" y="10" width="${width}" height="${height}" rx="18" fill="#000" opacity=".18"/>` +
    `<svg width="${width}" height="${height}" viewBox="0 0 600 750" clip-path="url(#${prefix}clip)">` +
    `<defs><clipPath id="${prefix}clip"><rect width="600" height="750" rx="48"/></clipPath></defs>` +
    `${inner}</svg></g>`
  );
}

/** A 1440×360 banner: the collection's name on a coloured backdrop and three of its garments. */
export function renderCategoryBannerSvg(category: Category): string {
  const design = DESIGNS[category];
  const garments = design.garments
    .map(([garment, colour], index) => placedGarment(garment, colour, `c${index}`, 716 + index * 240))
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}" viewBox="0 0 ${BANNER_WIDTH} ${BANNER_HEIGHT}">` +
    `<defs><linearGradient id="bg" x2="1" y2=".4"><stop offset="0" stop-color="${design.from}"/><stop offset="1" stop-color="${design.to}"/></linearGradient></defs>` +
    `<rect width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}" fill="url(#bg)"/>` +
    `<circle cx="1180" cy="-40" r="260" fill="#fff" opacity=".08"/><circle cx="120" cy="420" r="220" fill="#fff" opacity=".06"/>` +
    `<g fill="${design.ink}" font-family="Georgia, 'Times New Roman', serif">` +
    `<text x="96" y="150" font-size="22" letter-spacing="6" font-family="system-ui, sans-serif" font-weight="700" opacity=".8">SHOPPER</text>` +
    `<text x="92" y="220" font-size="64" font-weight="600">${design.title}</text>` +
    `<text x="96" y="268" font-size="24" font-family="system-ui, sans-serif" opacity=".85">${design.tagline}</text>` +
    `</g>${garments}</svg>`
  );
}
