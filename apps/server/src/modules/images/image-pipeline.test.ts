import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { makeImage, pngBomb } from '../../test/image-factory.ts';
import { defaultVariant, detectImageFormat, processUpload, variantWidths } from './image-pipeline.ts';

describe('detectImageFormat', () => {
  it('reads the format from the bytes', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'avif'] as const) {
      expect(detectImageFormat(await makeImage(32, 40, format))).toBe(format);
    }
  });

  it('knows nothing else, whatever the file is called', () => {
    expect(detectImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageFormat(Buffer.from('GIF89a......'))).toBeNull();
    expect(detectImageFormat(Buffer.alloc(0))).toBeNull();
    expect(
      detectImageFormat(Buffer.from('\u0000\u0000\u0000\u0018ftypmp42\u0000\u0000\u0000\u0000mp42isom')),
    ).toBeNull();
  });
});

describe('variantWidths', () => {
  it('never enlarges, and always gives at least one width', () => {
    expect(variantWidths(4000)).toEqual([320, 640, 960, 1280]);
    expect(variantWidths(800)).toEqual([320, 640, 800]);
    expect(variantWidths(640)).toEqual([320, 640]);
    expect(variantWidths(200)).toEqual([200]);
  });
});

describe('defaultVariant', () => {
  it('is the widest WebP up to 640, else the narrowest', () => {
    const v = (format: 'webp' | 'avif', width: number) => ({ format, width });
    expect(defaultVariant([v('webp', 320), v('webp', 640), v('webp', 960), v('avif', 640)])).toEqual(v('webp', 640));
    expect(defaultVariant([v('webp', 800)])).toEqual(v('webp', 800));
  });
});

describe('processUpload', () => {
  const limits = { maxPixels: 50_000_000 };

  it('re-encodes to WebP widths without metadata, hashed names, never wider than the source', async () => {
    const image = await processUpload(await makeImage(700, 875, 'jpeg'), limits);
    const webp = image.variants.filter((v) => v.format === 'webp');
    expect(webp.map((v) => v.width)).toEqual([320, 640, 700]);
    expect(image.width).toBe(700);
    expect(image.height).toBe(875);
    for (const variant of image.variants) {
      expect(variant.key).toMatch(new RegExp(`^[0-9a-f]{20}-${variant.width}\\.${variant.format}$`));
      expect(variant.data.length).toBe(variant.bytes);
    }
    expect(image.sourceHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses what is not an image, a decompression bomb and a truncated file with clear messages', async () => {
    const failure = async (bytes: Buffer) => {
      const error = await processUpload(bytes, limits).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      return (error as AppError).message;
    };
    expect(await failure(Buffer.from('just text, called photo.jpg'))).toBe(
      'Only JPEG, PNG, WebP and AVIF images can be uploaded',
    );
    expect(await failure(pngBomb(30_000, 30_000))).toBe(
      'This image has too many pixels; upload one of at most 50 megapixels',
    );
    const jpeg = await makeImage(400, 500, 'jpeg');
    expect(await failure(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toBe(
      'This image file is damaged or incomplete',
    );
  });
});
