export const GARMENTS = [
  'tshirt',
  'tank',
  'shirt',
  'polo',
  'hoodie',
  'sweater',
  'cardigan',
  'jacket',
  'coat',
  'jeans',
  'trousers',
  'shorts',
  'skirt',
  'dress',
  'romper',
] as const;
export type Garment = (typeof GARMENTS)[number];

export const IMAGE_VIEWS = ['front', 'back', 'detail'] as const;
export type ImageView = (typeof IMAGE_VIEWS)[number];

/** `colour` is six lowercase hex digits without '#'. */
export type GarmentImage = { garment: Garment; colour: string; view: ImageView };

/** Every generated picture (and the placeholder) is drawn at this size; pages and link previews state it. */
export const GARMENT_ART_SIZE = { width: 600, height: 750 } as const;
const WIDTH = GARMENT_ART_SIZE.width;
const HEIGHT = GARMENT_ART_SIZE.height;
const HEX_PATTERN = /^[0-9a-f]{6}$/;
// Anchored and bounded: the name comes straight from an untrusted URL.
const NAME_PATTERN = /^([a-z]{2,12})-([0-9a-f]{6})-([a-z]{4,6})\.svg$/;
const MAX_NAME_LENGTH = 40;

function isGarment(value: string): value is Garment {
  return (GARMENTS as readonly string[]).includes(value);
}

function isView(value: string): value is ImageView {
  return (IMAGE_VIEWS as readonly string[]).includes(value);
}

export function parseImageName(name: string): GarmentImage | null {
  if (typeof name !== 'string' || name.length > MAX_NAME_LENGTH) return null;
  const match = NAME_PATTERN.exec(name);
  if (!match) return null;
  const [, garment = '', colour = '', view = ''] = match;
  if (!isGarment(garment) || !isView(view)) return null;
  return { garment, colour, view };
}

/** Where the generated drawings are served: `{DRAWINGS_PATH}{imageName(…)}`. */
export const DRAWINGS_PATH = '/images/products/';

/**
 * The address of a generated drawing's WebP rendering (the same name in `.webp`), which link
 * previews can show; null for any other image (decision 038).
 */
export function garmentPictureUrl(url: string): string | null {
  if (!url.startsWith(DRAWINGS_PATH) || !parseImageName(url.slice(DRAWINGS_PATH.length))) return null;
  return `${url.slice(0, -'.svg'.length)}.webp`;
}

function normaliseHex(colourHex: string): string {
  const hex = colourHex.replace(/^#/, '').toLowerCase();
  if (!HEX_PATTERN.test(hex)) throw new Error(`Not a 6-digit hex colour: ${colourHex}`);
  return hex;
}

export function imageName(garment: Garment, colourHex: string, view: ImageView): string {
  return `${garment}-${normaliseHex(colourHex)}-${view}.svg`;
}

type Rgb = readonly [number, number, number];
const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

function toRgb(hex: string): Rgb {
  const n = Number.parseInt(hex, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function mix(a: Rgb, b: Rgb, t: number): string {
  return toHex([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]);
}

type Palette = {
  base: string;
  shade: string;
  deep: string;
  light: string;
  line: string;
  stitch: string;
  ink: string;
  bg: string;
  bgGlow: string;
  isLight: boolean;
  isDark: boolean;
};

function palette(hex: string): Palette {
  const rgb = toRgb(hex);
  const luma = (0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]) / 255;
  const isDark = luma < 0.22;
  const isLight = luma > 0.78;
  // Near-white garments need a darker studio backdrop or they vanish into it.
  const studio: Rgb = isLight ? [226, 223, 218] : [246, 244, 240];
  return {
    base: `#${hex}`,
    shade: isDark ? mix(rgb, WHITE, 0.1) : mix(rgb, BLACK, 0.12),
    deep: isDark ? mix(rgb, BLACK, 0.45) : mix(rgb, BLACK, 0.38),
    light: mix(rgb, WHITE, 0.55),
    line: isDark ? mix(rgb, WHITE, 0.28) : mix(rgb, BLACK, 0.32),
    stitch: isDark ? mix(rgb, WHITE, 0.38) : mix(rgb, BLACK, 0.22),
    ink: luma < 0.35 ? '#fff' : '#000',
    bg: mix(studio, rgb, isLight ? 0.1 : 0.14),
    bgGlow: mix(studio, WHITE, 0.5),
    isLight,
    isDark,
  };
}

/**
 * Builds a closed, left-right symmetric outline from its right half, written as
 * "x y (L x y | Q cx cy x y | C c1x c1y c2x c2y x y)…" from the top centre to the bottom centre.
 */
function mirrored(half: string): string {
  const tokens = half.trim().split(/[\s,]+/);
  const num = (i: number): number => Number(tokens[i]);
  const start: [number, number] = [num(0), num(1)];
  const segments: { cmd: string; pts: [number, number][] }[] = [];
  let i = 2;
  while (i < tokens.length) {
    const cmd = tokens[i] ?? 'L';
    const count = cmd === 'C' ? 3 : cmd === 'Q' ? 2 : 1;
    const pts: [number, number][] = [];
    for (let k = 0; k < count; k++) pts.push([num(i + 1 + 2 * k), num(i + 2 + 2 * k)]);
    segments.push({ cmd, pts });
    i += 1 + 2 * count;
  }
  const p = ([x, y]: [number, number]): string => `${x} ${y}`;
  const m = ([x, y]: [number, number]): string => `${WIDTH - x} ${y}`;
  let d = `M${p(start)}`;
  for (const s of segments) d += `${s.cmd}${s.pts.map(p).join(' ')}`;
  const ends = [start, ...segments.map((s) => s.pts[s.pts.length - 1] ?? start)];
  for (let k = segments.length - 1; k >= 0; k--) {
    const s = segments[k];
    const to = ends[k];
    if (!s || !to) continue;
    const controls = s.pts.slice(0, -1).reverse();
    d += `${s.cmd}${[...controls, to].map(m).join(' ')}`;
  }
  return `${d}Z`;
}

const flip = (content: string): string => `${content}<g transform="matrix(-1 0 0 1 ${WIDTH} 0)">${content}</g>`;
const line = (d: string, stroke: string, w = 2, extra = '', cap = 'round'): string =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${w}" stroke-linecap="${cap}"${extra}/>`;
const rib = (d: string, p: Palette, w: number): string => line(d, p.shade, w, '', 'butt');
const shape = (d: string, fill: string, stroke: string, w = 2): string =>
  `<path d="${d}" fill="${fill}" stroke="${stroke}" stroke-width="${w}" stroke-linejoin="round"/>`;
const stitch = (d: string, p: Palette, colour = p.stitch): string => line(d, colour, 1.6, ' stroke-dasharray="5 4"');
const fold = (d: string, p: Palette): string => line(d, p.deep, 2, ' opacity=".35"');
const button = (x: number, y: number, p: Palette, r = 5, fill = p.light): string =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="${p.line}" stroke-width="1.5"/>`;
const label = (y: number, p: Palette): string =>
  `<rect x="286" y="${y}" width="28" height="16" rx="2" fill="${p.isLight ? '#4a4a4a' : '#f3efe8'}"/>`;

type Texture = 'jersey' | 'pique' | 'knit' | 'twill' | 'woven';

function texture(kind: Texture, ink: string): string {
  const s = `stroke="${ink}"`;
  switch (kind) {
    case 'jersey':
      return `<pattern id="t" width="6" height="5" patternUnits="userSpaceOnUse"><path d="M0 2.5h6" ${s} stroke-opacity=".05"/></pattern>`;
    case 'pique':
      return `<pattern id="t" width="6" height="6" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="1.1" fill="${ink}" fill-opacity=".09"/></pattern>`;
    case 'knit':
      return `<pattern id="t" width="8" height="10" patternUnits="userSpaceOnUse"><path d="M0 0l4 5 4-5M0 5l4 5 4-5" fill="none" ${s} stroke-opacity=".11"/></pattern>`;
    case 'twill':
      return `<pattern id="t" width="7" height="7" patternUnits="userSpaceOnUse"><path d="M-1 1l2-2M0 7l7-7M6 8l2-2" ${s} stroke-opacity=".13" stroke-width="1.4"/></pattern>`;
    case 'woven':
      return `<pattern id="t" width="5" height="5" patternUnits="userSpaceOnUse"><path d="M0 .5h5M.5 0v5" ${s} stroke-opacity=".06"/></pattern>`;
  }
}

type Art = {
  texture: Texture;
  front: string;
  back?: string;
  /** Point of the front view the detail close-up zooms into. */
  focus: readonly [number, number];
  /** Enlarges short garments about their vertical centre so every product fills the frame alike. */
  fit?: { scale: number; centreY: number };
  frontDetails: (p: Palette) => string;
  backDetails: (p: Palette) => string;
};

const TEE_BODY = 'L 420 158 L 508 268 L 462 312 L 426 284 L 430 640 Q 366 648 300 648';
const LONG_BODY = 'L 420 150 Q 452 168 462 228 L 512 556 L 468 568 L 430 306 L 432 640 Q 366 648 300 648';
const teeSleeves = (p: Palette): string => flip(stitch('M499 256 L453 300', p) + fold('M426 284 Q412 310 414 345', p));
const knitCuffs = (p: Palette): string =>
  flip(shape('M468 568 L512 556 L507 512 L463 524Z', p.shade, p.line, 1.5)) +
  shape('M168 600 Q300 606 432 600 L432 640 Q366 648 300 648 Q234 648 168 640Z', p.shade, p.line, 1.5);
const hemStitch = (p: Palette): string => stitch('M174 628 Q300 638 426 628', p);
const waistband = (top: number, halfWidth: number, p: Palette): string =>
  shape(
    `M${300 - halfWidth} ${top} H${300 + halfWidth} L${304 + halfWidth} ${top + 34} H${296 - halfWidth}Z`,
    p.base,
    p.line,
  ) + stitch(`M${300 - halfWidth} ${top + 26} H${300 + halfWidth}`, p);
const beltLoops = (top: number, xs: number[], p: Palette): string =>
  xs.map((x) => shape(`M${x} ${top - 4}h10v40h-10Z`, p.base, p.line, 1.2)).join('');

const DENIM_THREAD = '#c9953f';
const METAL = '#b8b2a4';

const ART: Record<Garment, Art> = {
  tshirt: {
    texture: 'jersey',
    front: `300 178 C 330 178 346 162 350 140 ${TEE_BODY}`,
    back: `300 152 C 326 152 344 148 350 140 ${TEE_BODY}`,
    focus: [330, 210],
    frontDetails: (p) =>
      shape('M250 140 C275 150 325 150 350 140 C346 162 330 178 300 178 C270 178 254 162 250 140Z', p.deep, p.line) +
      rib('M250 140 C254 162 270 178 300 178 C330 178 346 162 350 140', p, 10) +
      stitch('M244 148 C252 176 272 190 300 190 C328 190 348 176 356 148', p) +
      teeSleeves(p) +
      hemStitch(p),
    backDetails: (p) => rib('M250 140 C275 152 325 152 350 140', p, 10) + label(158, p) + teeSleeves(p) + hemStitch(p),
  },
  tank: {
    texture: 'jersey',
    front: '300 205 C 330 205 345 178 348 128 L 380 128 Q 386 214 426 250 L 430 640 Q 366 648 300 648',
    back: '300 165 C 330 165 345 150 348 128 L 380 128 Q 386 214 426 250 L 430 640 Q 366 648 300 648',
    focus: [350, 190],
    frontDetails: (p) =>
      shape('M252 128 C262 158 338 158 348 128 C345 178 330 205 300 205 C270 205 255 178 252 128Z', p.deep, p.line) +
      rib('M252 128 C255 178 270 205 300 205 C330 205 345 178 348 128', p, 8) +
      flip(rib('M380 128 Q386 214 426 250', p, 8)) +
      hemStitch(p),
    backDetails: (p) =>
      rib('M252 128 C255 150 270 165 300 165 C330 165 345 150 348 128', p, 8) +
      flip(rib('M380 128 Q386 214 426 250', p, 8)) +
      label(174, p) +
      hemStitch(p),
  },
  shirt: {
    texture: 'woven',
    front:
      '300 140 L 340 128 L 420 150 Q 452 166 462 226 L 522 556 L 478 570 L 430 300 L 432 612 Q 432 652 396 657 Q 348 664 300 664',
    focus: [318, 220],
    frontDetails: (p) =>
      shape('M260 128 Q300 118 340 128 L336 148 Q300 140 264 148Z', p.deep, p.line) +
      shape('M289 150 H311 V662 H289Z', p.base, p.line, 1.4) +
      flip(
        shape('M300 162 L340 126 Q352 132 358 142 L338 214 Z', p.base, p.line) +
          stitch('M347 148 L334 198', p) +
          shape('M478 570 L522 556 L515 513 L471 527Z', p.base, p.line, 1.6) +
          fold('M430 300 Q440 380 452 420', p),
      ) +
      button(505, 540, p, 4) +
      [196, 262, 332, 402, 472, 542, 612].map((y) => button(300, y, p)).join('') +
      shape('M350 252 H410 V314 L380 326 L350 314Z', p.base, p.line, 1.5) +
      stitch('M350 264 H410', p),
    backDetails: (p) =>
      shape('M258 126 Q300 116 342 126 L352 162 Q300 152 248 162Z', p.base, p.line) +
      line('M178 214 Q300 226 422 214', p.line, 1.5) +
      stitch('M178 222 Q300 234 422 222', p) +
      line('M290 224 V258 M310 224 V258', p.line, 1.4) +
      flip(shape('M478 570 L522 556 L515 513 L471 527Z', p.base, p.line, 1.6)),
  },
  polo: {
    texture: 'pique',
    front: '300 160 C 322 160 340 150 345 138 L 420 156 L 506 262 L 462 308 L 426 282 L 430 640 Q 366 648 300 648',
    focus: [312, 205],
    frontDetails: (p) =>
      shape('M255 138 Q300 124 345 138 L340 152 Q300 142 260 152Z', p.deep, p.line) +
      shape('M288 160 H312 V266 H288Z', p.base, p.line, 1.4) +
      [184, 216, 248].map((y) => button(300, y, p, 4.5)).join('') +
      flip(
        shape('M300 160 L344 134 Q370 140 382 152 L338 208 Z', p.base, p.line) +
          rib('M374 156 L336 202', p, 4) +
          shape('M462 308 L506 262 L497 251 L453 297Z', p.shade, p.line, 1.2) +
          fold('M426 282 Q412 310 414 345', p),
      ) +
      hemStitch(p),
    backDetails: (p) =>
      shape('M255 138 Q300 128 345 138 L350 158 Q300 146 250 158Z', p.base, p.line) +
      rib('M258 152 Q300 141 342 152', p, 3) +
      flip(shape('M462 308 L506 262 L497 251 L453 297Z', p.shade, p.line, 1.2)) +
      hemStitch(p),
  },
  hoodie: {
    texture: 'jersey',
    front:
      '300 96 C 346 96 372 118 374 150 L 428 168 Q 458 186 466 246 L 516 552 L 472 564 L 432 318 L 436 640 Q 368 648 300 648',
    focus: [300, 215],
    frontDetails: (p) =>
      shape('M300 218 C268 194 252 160 258 124 Q300 110 342 124 C348 160 332 194 300 218Z', p.deep, p.line) +
      flip(
        line('M316 186 Q324 244 318 300', p.light, 4) +
          line('M318 302 v14', p.line, 6) +
          `<circle cx="316" cy="186" r="3.5" fill="${p.deep}"/>` +
          shape('M472 564 L516 552 L511 512 L467 524Z', p.shade, p.line, 1.5) +
          fold('M432 318 Q420 340 424 380', p),
      ) +
      shape('M218 430 H382 L412 592 H188Z', p.base, p.line, 1.6) +
      stitch('M222 441 H378', p) +
      shape('M166 596 Q300 602 434 596 L436 640 Q368 648 300 648 Q232 648 164 640Z', p.shade, p.line, 1.5),
    backDetails: (p) =>
      `<path d="M300 102 C346 102 374 124 374 156 C374 242 344 306 300 318 C256 306 226 242 226 156 C226 124 254 102 300 102Z" fill="#000" opacity=".12"/>` +
      shape(
        'M300 96 C346 96 374 118 374 150 C374 236 344 300 300 312 C256 300 226 236 226 150 C226 118 254 96 300 96Z',
        p.base,
        p.line,
      ) +
      line('M300 98 V310', p.line, 1.5) +
      flip(shape('M472 564 L516 552 L511 512 L467 524Z', p.shade, p.line, 1.5)) +
      shape('M166 596 Q300 602 434 596 L436 640 Q368 648 300 648 Q232 648 164 640Z', p.shade, p.line, 1.5),
  },
  sweater: {
    texture: 'knit',
    front: `300 168 C 330 168 344 150 346 130 ${LONG_BODY}`,
    back: `300 142 C 326 142 342 138 346 130 ${LONG_BODY}`,
    focus: [320, 175],
    frontDetails: (p) =>
      shape('M254 130 Q300 142 346 130 C344 150 330 168 300 168 C270 168 256 150 254 130Z', p.deep, p.line) +
      rib('M254 130 C256 152 270 170 300 170 C330 170 344 152 346 130', p, 14) +
      flip(fold('M430 306 Q418 330 420 370', p)) +
      knitCuffs(p),
    backDetails: (p) => rib('M254 130 Q300 144 346 130', p, 14) + label(148, p) + knitCuffs(p),
  },
  cardigan: {
    texture: 'knit',
    front: `300 256 L 346 130 ${LONG_BODY}`,
    back: `300 142 C 326 142 342 138 346 130 ${LONG_BODY}`,
    focus: [305, 290],
    frontDetails: (p) =>
      shape('M254 130 Q300 142 346 130 L300 256Z', p.deep, p.line) +
      rib('M254 130 L300 254 M346 130 L300 254', p, 16) +
      shape('M290 254 H310 V646 H290Z', p.shade, p.line, 1.4) +
      [282, 352, 422, 492, 562].map((y) => button(300, y, p, 6)).join('') +
      flip(shape('M338 470 H398 V536 H338Z', p.base, p.line, 1.5) + rib('M338 480 H398', p, 6)) +
      knitCuffs(p),
    backDetails: (p) => rib('M254 130 Q300 144 346 130', p, 14) + label(148, p) + knitCuffs(p),
  },
  jacket: {
    texture: 'woven',
    front:
      '300 138 C 326 138 342 130 348 118 L 428 150 Q 470 170 480 240 L 526 540 L 478 556 L 438 320 L 440 604 L 438 646 Q 368 652 300 652',
    focus: [310, 190],
    frontDetails: (p) =>
      shape(
        'M252 118 C258 130 282 138 300 138 C318 138 342 130 348 118 L358 140 C346 156 320 162 300 162 C280 162 254 156 242 140Z',
        p.shade,
        p.line,
      ) +
      line('M300 162 V604', p.deep, 4) +
      line('M300 162 V604', METAL, 5, ' stroke-dasharray="1.5 2.5"') +
      shape('M295 168 h10 v22 h-10Z', METAL, p.line, 1.2) +
      flip(
        shape('M350 420 L362 418 L400 500 L388 502Z', p.deep, p.line, 1.2) +
          shape('M478 556 L526 540 L521 502 L473 518Z', p.shade, p.line, 1.5) +
          fold('M438 320 Q420 345 426 390', p),
      ) +
      shape('M452 240 L478 236 L486 292 L460 296Z', p.base, p.line, 1.4) +
      shape('M162 604 Q300 612 438 604 L438 646 Q368 652 300 652 Q232 652 162 646Z', p.shade, p.line, 1.5),
    backDetails: (p) =>
      shape('M252 118 Q300 130 348 118 L352 142 Q300 154 248 142Z', p.shade, p.line) +
      flip(shape('M478 556 L526 540 L521 502 L473 518Z', p.shade, p.line, 1.5)) +
      shape('M162 604 Q300 612 438 604 L438 646 Q368 652 300 652 Q232 652 162 646Z', p.shade, p.line, 1.5),
  },
  coat: {
    texture: 'woven',
    front: '300 300 L 340 128 L 420 150 Q 452 168 460 230 L 508 584 L 466 596 L 428 320 L 442 702 L 300 702',
    back: '300 128 L 340 128 L 420 150 Q 452 168 460 230 L 508 584 L 466 596 L 428 320 L 442 702 L 300 702',
    focus: [330, 300],
    frontDetails: (p) =>
      shape('M260 128 Q300 142 340 128 L300 300Z', p.deep, p.line) +
      line('M300 300 V702', p.line, 2) +
      flip(
        shape('M340 126 L378 170 L358 188 L386 206 L314 314 L300 300Z', p.base, p.line) +
          fold('M336 150 L310 290', p) +
          shape('M336 500 H414 V522 H336Z', p.base, p.line, 1.6) +
          line('M462 566 L504 554', p.line, 1.6) +
          button(338, 372, p, 8, p.deep) +
          button(338, 462, p, 8, p.deep),
      ) +
      stitch('M162 688 H438', p),
    backDetails: (p) =>
      shape('M258 126 Q300 116 342 126 L354 170 Q300 160 246 170Z', p.base, p.line) +
      line('M300 170 V620 M300 620 V702 M300 620 L312 630 V702', p.line, 1.8) +
      shape('M236 370 H364 V392 H236Z', p.base, p.line, 1.6) +
      button(248, 381, p, 6, p.deep) +
      button(352, 381, p, 6, p.deep) +
      flip(line('M462 566 L504 554', p.line, 1.6)),
  },
  jeans: {
    texture: 'twill',
    front: '300 112 L 410 112 L 420 176 Q 440 420 444 690 L 330 690 L 307 344 Q 303 336 300 336',
    focus: [345, 175],
    frontDetails: (p) =>
      flip(
        line('M345 146 Q352 204 418 212', p.line, 1.6) +
          stitch('M357 146 Q364 196 418 200', p, DENIM_THREAD) +
          stitch('M333 676 H442', p, DENIM_THREAD) +
          `<circle cx="416" cy="208" r="3" fill="${METAL}"/>`,
      ) +
      waistband(112, 110, { ...p, stitch: DENIM_THREAD }) +
      beltLoops(112, [232, 358, 398], p) +
      line('M300 146 V300', p.line, 1.5) +
      stitch('M318 146 V268 Q318 292 300 300', p, DENIM_THREAD) +
      stitch('M366 150 V182 H400', p, DENIM_THREAD) +
      button(300, 129, p, 7, METAL),
    backDetails: (p) =>
      waistband(112, 110, { ...p, stitch: DENIM_THREAD }) +
      beltLoops(112, [210, 295, 380], p) +
      shape('M360 120 h34 v20 h-34Z', '#a8744a', p.line, 1) +
      line('M186 176 L300 198 L414 176', p.line, 1.5) +
      stitch('M186 184 L300 206 L414 184', p, DENIM_THREAD) +
      line('M300 146 V336', p.line, 1.5) +
      flip(
        shape('M322 224 H398 L394 302 L360 318 L326 302Z', p.base, p.line, 1.6) +
          stitch('M330 234 H390', p, DENIM_THREAD) +
          stitch('M334 262 Q360 282 386 262', p, DENIM_THREAD) +
          stitch('M333 676 H442', p, DENIM_THREAD),
      ),
  },
  trousers: {
    texture: 'twill',
    front: '300 120 L 404 120 L 414 180 Q 428 420 428 692 L 322 692 L 306 348 Q 303 340 300 340',
    focus: [335, 175],
    frontDetails: (p) =>
      waistband(120, 104, p) +
      beltLoops(120, [240, 350, 392], p) +
      button(300, 137, p, 5, p.deep) +
      line('M300 154 V336', p.line, 1.5) +
      stitch('M314 154 V290 Q314 304 300 310', p) +
      flip(line('M352 154 L404 246', p.line, 1.6) + fold('M344 154 L346 205', p) + fold('M376 250 L376 690', p)),
    backDetails: (p) =>
      waistband(120, 104, p) +
      beltLoops(120, [222, 295, 368], p) +
      line('M300 154 V340', p.line, 1.5) +
      flip(
        line('M326 214 H390', p.deep, 4) +
          button(358, 226, p, 4) +
          fold('M358 154 L358 200', p) +
          fold('M376 250 L376 690', p),
      ),
  },
  shorts: {
    texture: 'twill',
    front: '300 200 L 400 200 L 414 262 L 452 540 L 316 556 L 304 430 Q 302 424 300 424',
    focus: [345, 260],
    fit: { scale: 1.32, centreY: 378 },
    frontDetails: (p) =>
      waistband(200, 100, p) +
      beltLoops(200, [244, 346, 386], p) +
      button(300, 217, p, 5, p.deep) +
      line('M300 234 V420', p.line, 1.5) +
      stitch('M316 234 V360 Q316 380 300 386', p) +
      flip(
        line('M350 234 Q360 290 414 296', p.line, 1.6) +
          shape('M316 556 L452 540 L448 510 L313 526Z', p.base, p.line, 1.5) +
          fold('M380 300 L386 505', p),
      ),
    backDetails: (p) =>
      waistband(200, 100, p) +
      beltLoops(200, [226, 295, 364], p) +
      line('M300 234 V424', p.line, 1.5) +
      flip(
        shape('M322 262 H392 V330 Q357 340 322 330Z', p.base, p.line, 1.5) +
          shape('M320 258 H394 V284 Q357 294 320 284Z', p.shade, p.line, 1.5) +
          button(357, 280, p, 4) +
          shape('M316 556 L452 540 L448 510 L313 526Z', p.base, p.line, 1.5),
      ),
  },
  skirt: {
    texture: 'woven',
    front: '300 150 L 398 150 L 404 186 Q 460 400 528 628 Q 420 652 300 652',
    focus: [330, 230],
    frontDetails: (p) =>
      waistband(150, 98, p) +
      flip(fold('M342 192 Q356 420 376 644', p) + fold('M378 190 Q414 420 456 638', p)) +
      line('M300 184 V652', p.line, 1.4) +
      [167, 226, 300, 374, 448, 522, 596].map((y) => button(300, y, p, 5)).join('') +
      stitch('M84 616 Q190 638 300 640 Q410 638 516 616', p),
    backDetails: (p) =>
      waistband(150, 98, p) +
      line('M300 184 V340', p.line, 2) +
      shape('M296 186 h8 v18 h-8Z', METAL, p.line, 1) +
      flip(fold('M342 192 Q356 420 376 644', p) + fold('M378 190 Q414 420 456 638', p)) +
      stitch('M84 616 Q190 638 300 640 Q410 638 516 616', p),
  },
  dress: {
    texture: 'woven',
    front:
      '300 178 C 328 178 344 156 346 112 L 376 112 Q 380 176 412 204 Q 418 270 398 334 Q 460 500 520 678 Q 410 700 300 700',
    back: '300 140 C 326 140 342 130 346 112 L 376 112 Q 380 176 412 204 Q 418 270 398 334 Q 460 500 520 678 Q 410 700 300 700',
    focus: [318, 245],
    frontDetails: (p) =>
      shape('M254 112 Q300 134 346 112 C344 156 328 178 300 178 C272 178 256 156 254 112Z', p.deep, p.line) +
      shape('M202 326 Q300 336 398 326 L400 346 Q300 356 200 346Z', p.shade, p.line, 1.5) +
      flip(fold('M350 326 L346 240', p) + fold('M340 352 Q360 520 380 692', p) + fold('M382 348 Q430 520 462 686', p)) +
      stitch('M86 664 Q300 700 514 664', p),
    backDetails: (p) =>
      line('M300 142 V430', p.line, 2) +
      shape('M296 144 h8 v18 h-8Z', METAL, p.line, 1) +
      shape('M202 326 Q300 336 398 326 L400 346 Q300 356 200 346Z', p.shade, p.line, 1.5) +
      flip(fold('M340 352 Q360 520 380 692', p) + fold('M382 348 Q430 520 462 686', p)) +
      stitch('M86 664 Q300 700 514 664', p),
  },
  romper: {
    texture: 'jersey',
    front:
      '300 166 C 322 166 334 152 338 136 L 384 146 L 452 214 L 420 252 L 394 230 L 398 468 L 414 560 L 320 574 L 305 546 Q 302 540 300 540',
    back: '300 146 C 322 146 334 142 338 136 L 384 146 L 452 214 L 420 252 L 394 230 L 398 468 L 414 560 L 320 574 L 305 546 Q 302 540 300 540',
    focus: [315, 205],
    fit: { scale: 1.22, centreY: 355 },
    frontDetails: (p) =>
      shape('M262 136 Q300 148 338 136 C334 152 322 166 300 166 C278 166 266 152 262 136Z', p.deep, p.line) +
      rib('M262 136 C266 152 278 166 300 166 C322 166 334 152 338 136', p, 8) +
      shape('M290 168 H310 V262 H290Z', p.base, p.line, 1.3) +
      [190, 218, 246].map((y) => button(300, y, p, 4)).join('') +
      flip(
        line('M338 136 L352 162 L384 146', p.line, 1.5) +
          shape('M320 574 L414 560 L412 546 L318 560Z', p.shade, p.line, 1.2) +
          shape('M420 252 L452 214 L443 206 L411 244Z', p.shade, p.line, 1.2) +
          button(290, 532, p, 3.5),
      ) +
      `<path d="M352 244c-14-10-16-24-4-24 3 0 4 3 4 3s1-3 4-3c12 0 10 14-4 24z" fill="${p.light}"/>`,
    backDetails: (p) =>
      rib('M262 136 C270 146 285 146 300 146 C315 146 330 146 338 136', p, 8) +
      label(154, p) +
      flip(
        shape('M320 574 L414 560 L412 546 L318 560Z', p.shade, p.line, 1.2) +
          shape('M420 252 L452 214 L443 206 L411 244Z', p.shade, p.line, 1.2),
      ),
  },
};

const DETAIL_ZOOM = 2.6;

export function renderGarmentSvg({ garment, colour, view }: GarmentImage): string {
  const hex = normaliseHex(colour);
  const art = ART[garment];
  const p = palette(hex);
  const outline = mirrored(view === 'back' ? (art.back ?? art.front) : art.front);
  const details = view === 'back' ? art.backDetails(p) : art.frontDetails(p);
  const [fx, fy] = art.focus;
  const zoom =
    view === 'detail'
      ? ` transform="translate(${WIDTH / 2} ${HEIGHT / 2}) scale(${DETAIL_ZOOM}) translate(${-fx} ${-fy})"`
      : art.fit
        ? ` transform="translate(${WIDTH / 2} ${HEIGHT / 2}) scale(${art.fit.scale}) translate(${-WIDTH / 2} ${-art.fit.centreY})"`
        : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<defs>${texture(art.texture, p.ink)}` +
    `<radialGradient id="b" cx=".5" cy=".42" r=".75"><stop offset="0" stop-color="${p.bgGlow}"/><stop offset="1" stop-color="${p.bg}"/></radialGradient>` +
    `<linearGradient id="l" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".16"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".16"/></linearGradient>` +
    `<path id="g" d="${outline}"/></defs>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#b)"/>` +
    `<g${zoom}>` +
    `<use href="#g" fill="#000" opacity=".1" transform="translate(7 11)"/>` +
    `<use href="#g" fill="${p.base}"/><use href="#g" fill="url(#t)"/><use href="#g" fill="url(#l)"/>` +
    details +
    `<use href="#g" fill="none" stroke="${p.line}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `</g></svg>`
  );
}

export function renderPlaceholderSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ececec"/>` +
    `<g fill="none" stroke="#b4b4b4" stroke-width="10" stroke-linecap="round" stroke-linejoin="round">` +
    `<path d="M300 352 V328 C300 312 326 308 326 284 C326 264 300 256 284 272"/>` +
    `<path d="M300 352 L166 432 Q150 446 172 446 H428 Q450 446 434 432 Z"/>` +
    `</g></svg>`
  );
}
