import { createHash } from 'node:crypto';
import { ADMIN_CATALOG_MESSAGES as M } from '@shopper/contract';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../lib/app-error.ts';

/** Widths the storefront's srcset offers; an image is never enlarged past its own width. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280] as const;
/** The plain `src` (and what carts and orders copy): a width that looks right in a card or a gallery. */
export const DEFAULT_SRC_WIDTH = 640;
/** AVIF is kept only when it saves at least this share of the WebP bytes ("where it pays"). */
const AVIF_MIN_SAVING = 0.1;

export const UPLOAD_FORMATS = ['jpeg', 'png', 'webp', 'avif'] as const;
export type UploadFormat = (typeof UPLOAD_FORMATS)[number];

export type ImageVariant = {
  key: string;
  format: 'webp' | 'avif';
  width: number;
  height: number;
  bytes: number;
};
export type EncodedVariant = ImageVariant & { data: Buffer; contentType: string };
export type ProcessedImage = { sourceHash: string; width: number; height: number; variants: EncodedVariant[] };

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/**
 * The format from the file's first bytes, never its name or declared type. AVIF is an ISO-BMFF
 * `ftyp` box whose major or compatible brands name avif/avis.
 */
export function detectImageFormat(bytes: Buffer): UploadFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 64);
    for (let at = 8; at + 4 <= boxSize; at += 4) {
      if (at === 12) continue; // minor version, not a brand
      const brand = ascii(bytes, at, at + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return null;
}

/** Widths to encode for a source this wide: the standard ones below it, plus its own width up to the largest. */
export function variantWidths(sourceWidth: number): number[] {
  const largest = Math.min(sourceWidth, Math.max(...VARIANT_WIDTHS));
  const widths: number[] = VARIANT_WIDTHS.filter((width) => width < largest);
  widths.push(largest);
  return widths;
}

/** The variant used as plain `src`: the widest WebP not above DEFAULT_SRC_WIDTH, else the narrowest. */
export function defaultVariant<T extends Pick<ImageVariant, 'format' | 'width'>>(variants: readonly T[]): T {
  const webp = variants.filter((v) => v.format === 'webp').sort((a, b) => a.width - b.width);
  const fitting = webp.filter((v) => v.width <= DEFAULT_SRC_WIDTH);
  const chosen = fitting[fitting.length - 1] ?? webp[0];
  if (!chosen) throw new Error('an image without WebP variants');
  return chosen;
}

export type PipelineLimits = { maxPixels: number };

const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

function unreadable(): AppError {
  return new AppError('VALIDATION_FAILED', M.imageUnreadable, [{ param: 'file', msg: M.imageUnreadable }]);
}

/** Serialises encodes: sharp is CPU-heavy and the shop shares its cores with every shopper. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Checks an upload and re-encodes it (decision 021): the bytes must be JPEG, PNG, WebP or AVIF,
 * decode completely (a truncated file fails), and hold at most `maxPixels` pixels, checked from the
 * header before decoding (a decompression bomb never gets decoded). Output: WebP at a few widths,
 * plus AVIF when it pays, EXIF-rotated and without metadata (sharp drops it unless asked).
 */
export async function processUpload(bytes: Buffer, limits: PipelineLimits): Promise<ProcessedImage> {
  const format = detectImageFormat(bytes);
  if (!format) {
    throw new AppError('VALIDATION_FAILED', M.imageNotSupported, [{ param: 'file', msg: M.imageNotSupported }]);
  }
  const megapixels = Math.floor(limits.maxPixels / 1_000_000);
  const tooManyPixels = () =>
    new AppError('VALIDATION_FAILED', M.imageTooManyPixels(megapixels), [
      { param: 'file', msg: M.imageTooManyPixels(megapixels) },
    ]);
  return oneAtATime(async () => {
    const input = () => sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'warning', pages: 1 });
    let meta: Metadata;
    try {
      meta = await input().metadata();
    } catch (error) {
      throw isPixelLimit(error) ? tooManyPixels() : unreadable();
    }
    if (!meta.width || !meta.height) throw unreadable();
    if (meta.width * meta.height > limits.maxPixels) throw tooManyPixels();
    // EXIF orientations 5-8 swap the sides.
    const isTurned = (meta.orientation ?? 1) >= 5;
    const sourceWidth = isTurned ? meta.height : meta.width;
    const sourceHash = createHash('sha256').update(bytes).digest('hex');

    const encode = async (width: number, as: 'webp' | 'avif'): Promise<EncodedVariant> => {
      const pipeline = input().rotate().resize({ width, withoutEnlargement: true });
      const { data, info } = await (
        as === 'webp' ? pipeline.webp({ quality: 80, effort: 4 }) : pipeline.avif({ quality: 50, effort: 2 })
      ).toBuffer({ resolveWithObject: true });
      const hash = createHash('sha256').update(data).digest('hex').slice(0, 20);
      return {
        key: `${hash}-${info.width}.${as}`,
        format: as,
        width: info.width,
        height: info.height,
        bytes: data.length,
        data,
        contentType: `image/${as}`,
      };
    };

    try {
      const widths = variantWidths(sourceWidth);
      const webp: EncodedVariant[] = [];
      for (const width of widths) webp.push(await encode(width, 'webp'));
      const probe = defaultVariant(webp);
      const probeAvif = await encode(probe.width, 'avif');
      const avif: EncodedVariant[] = [];
      if (probeAvif.bytes <= probe.bytes * (1 - AVIF_MIN_SAVING)) {
        for (const width of widths) avif.push(width === probe.width ? probeAvif : await encode(width, 'avif'));
      }
      const largest = webp[webp.length - 1] as EncodedVariant;
      return { sourceHash, width: largest.width, height: largest.height, variants: [...webp, ...avif] };
    } catch (error) {
      throw isPixelLimit(error) ? tooManyPixels() : unreadable();
    }
  });
}
