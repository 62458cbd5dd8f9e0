import { IMPORT_NEUTRAL_SWATCH } from '@shopper/contract';

/**
 * A swatch for a colour the file names without one (Shopify has no swatch column): the common
 * colour names of clothing shops, so "Navy" is navy and "Forest Green" green. The owner corrects
 * any guess in the editor; the swatch only decides the dot's colour and the listing filter's family.
 */
const SWATCHES: Readonly<Record<string, string>> = {
  black: '#111111',
  charcoal: '#36454f',
  graphite: '#474a51',
  grey: '#808080',
  gray: '#808080',
  'heather grey': '#9aa0a6',
  'light grey': '#c8c8c8',
  silver: '#c0c0c0',
  white: '#ffffff',
  'off white': '#f5f3ee',
  'off-white': '#f5f3ee',
  ecru: '#e8dfc8',
  ivory: '#fffff0',
  cream: '#fffdd0',
  beige: '#d9c8a9',
  sand: '#d6c4a0',
  stone: '#b9b1a3',
  oatmeal: '#d8cbb3',
  khaki: '#c3b091',
  tan: '#d2b48c',
  camel: '#c19a6b',
  brown: '#6f4e37',
  chocolate: '#5a3825',
  mocha: '#7b5e4b',
  rust: '#b7410e',
  terracotta: '#c8643b',
  red: '#c62828',
  burgundy: '#800020',
  maroon: '#800000',
  wine: '#722f37',
  pink: '#f4a6c0',
  'dusty pink': '#d4a5a5',
  rose: '#e8a0a8',
  blush: '#f2c4c4',
  fuchsia: '#d61f8c',
  coral: '#ff7f50',
  peach: '#ffcba4',
  orange: '#f57c00',
  mustard: '#d4a017',
  yellow: '#f5d142',
  lemon: '#fff44f',
  gold: '#d4af37',
  olive: '#708238',
  sage: '#9caf88',
  mint: '#98d7c2',
  green: '#2e7d32',
  'forest green': '#228b22',
  'bottle green': '#006a4e',
  emerald: '#50c878',
  teal: '#008080',
  turquoise: '#40e0d0',
  aqua: '#7fdbff',
  'sky blue': '#87ceeb',
  'light blue': '#a7c7e7',
  'powder blue': '#b0d0e0',
  blue: '#1e5bc6',
  cobalt: '#0047ab',
  'royal blue': '#4169e1',
  denim: '#3b5b92',
  indigo: '#3f51b5',
  navy: '#1f2a44',
  'navy blue': '#1f2a44',
  purple: '#6a1b9a',
  plum: '#8e4585',
  lilac: '#c8a2c8',
  lavender: '#b7a6d9',
  mauve: '#b784a7',
};

/**
 * The swatch of a colour name: the whole name if it is a known colour ("Sky Blue"), else the last
 * known pair or word in it ("Light Blue / Stripe", "Washed Black"), else the neutral grey of
 * decision 043.
 */
export function swatchForColourName(name: string): string {
  const words = name
    .toLowerCase()
    .split(/[^a-z-]+/)
    .filter((word) => word !== '');
  const known = (key: string) => (Object.hasOwn(SWATCHES, key) ? SWATCHES[key] : undefined);
  const whole = known(words.join(' '));
  if (whole) return whole;
  for (let index = words.length - 1; index >= 0; index -= 1) {
    const found = (index > 0 ? known(`${words[index - 1]} ${words[index]}`) : undefined) ?? known(words[index] ?? '');
    if (found) return found;
  }
  return IMPORT_NEUTRAL_SWATCH;
}
