import sharp from 'sharp';

/** A small text drawing: inked only when the machine has a font librsvg can use. */
const TEXT_PROBE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="32"><text x="2" y="24" font-size="24" fill="#000">Aa</text></svg>';

let canDrawText: Promise<boolean> | null = null;

/**
 * Whether the server can draw the banners' words (decision 037). librsvg takes fonts from the
 * machine; one without any (a slim container image) would render a banner with no title, so the
 * WebP renderings are then not offered and the browser draws the SVG itself.
 */
export function serverDrawsText(): Promise<boolean> {
  canDrawText ??= sharp(Buffer.from(TEXT_PROBE))
    .stats()
    .then((stats) => (stats.channels[3]?.max ?? 0) > 0)
    .catch(() => false);
  return canDrawText;
}

let previous: Promise<unknown> = Promise.resolve();

/**
 * One of our drawings as a WebP `width` pixels wide. A rendering takes tens of milliseconds of CPU
 * (a textured garment at 600 px about 60 ms here), so they are made one after another: any
 * number of requests for pictures not yet rendered keeps at most one core busy.
 */
export function rasterizeSvg(svg: string, width: number): Promise<Buffer> {
  const rendering = previous.then(() => sharp(Buffer.from(svg)).resize({ width }).webp({ quality: 82 }).toBuffer());
  previous = rendering.catch(() => undefined);
  return rendering;
}
