import type { ImageSource } from '@shopper/contract';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.ts';
import { productImages } from '../../db/schema.ts';
import { defaultVariant, type ImageVariant, type PipelineLimits, processUpload } from './image-pipeline.ts';
import type { ImageStorage, StoredImage } from './image-storage.ts';

export const UPLOADS_PATH = '/images/uploads/';
/** Content-hashed variant file names: hash, width, format. Anchored: they come from URLs. */
export const UPLOAD_KEY_PATTERN = /^[0-9a-f]{20}-\d{1,5}\.(webp|avif)$/;

export const uploadUrl = (key: string) => `${UPLOADS_PATH}${key}`;

export type AttachedImage = { url: string; width: number; height: number; isNew: boolean };
/** A picture re-encoded and stored, ready to attach to a product inside a transaction. */
export type ProcessedPicture = {
  sourceHash: string;
  url: string;
  width: number;
  height: number;
  variants: ImageVariant[];
};
export type ProductImagesService = ReturnType<typeof createProductImagesService>;

function srcSet(variants: readonly ImageVariant[], format: 'webp' | 'avif'): string {
  return variants
    .filter((v) => v.format === format)
    .sort((a, b) => a.width - b.width)
    .map((v) => `${uploadUrl(v.key)} ${v.width}w`)
    .join(', ');
}

export function toImageSource(row: { width: number; height: number; variants: unknown }): ImageSource {
  const variants = row.variants as ImageVariant[];
  const avif = srcSet(variants, 'avif');
  return {
    srcSet: srcSet(variants, 'webp'),
    ...(avif ? { avifSrcSet: avif } : {}),
    width: row.width,
    height: row.height,
  };
}

/**
 * Uploaded product pictures: re-encoding, the `product_images` rows, and serving variant bytes
 * from the storage with a small in-process cache (immutable keys never go stale).
 */
export function createProductImagesService({
  db,
  storage,
  limits,
}: {
  db: Database;
  storage: ImageStorage;
  limits: PipelineLimits;
}) {
  const served = new LRUCache<string, StoredImage>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (image) => Math.max(1, image.bytes.length),
  });

  return {
    /**
     * Re-encodes an upload and stores its variants, then records it for the product inside the
     * caller's transaction. Storage comes first and outside the transaction: an object store cannot
     * roll back, and a stored variant nobody lists is harmless (content-hashed, cleaned on delete).
     */
    async process(bytes: Buffer): Promise<ProcessedPicture> {
      const processed = await processUpload(bytes, limits);
      for (const variant of processed.variants) await storage.put(variant.key, variant.contentType, variant.data);
      const variants: ImageVariant[] = processed.variants.map(({ key, format, width, height, bytes: size }) => ({
        key,
        format,
        width,
        height,
        bytes: size,
      }));
      const { sourceHash, width, height } = processed;
      return { sourceHash, width, height, variants, url: uploadUrl(defaultVariant(variants).key) };
    },

    /**
     * Records a processed upload for the product; the same file twice is the same image. `sourceUrl`
     * is where an imported picture was fetched from (decision 043), kept so an export names it again.
     */
    async attach(
      tx: Database,
      productId: string,
      image: ProcessedPicture,
      sourceUrl: string | null = null,
    ): Promise<AttachedImage> {
      const [inserted] = await tx
        .insert(productImages)
        .values({
          productId,
          sourceHash: image.sourceHash,
          url: image.url,
          width: image.width,
          height: image.height,
          variants: image.variants,
          sourceUrl,
        })
        .onConflictDoNothing()
        .returning({ url: productImages.url });
      if (inserted) return { url: inserted.url, width: image.width, height: image.height, isNew: true };
      const [existing] = await tx
        .select({ url: productImages.url })
        .from(productImages)
        .where(and(eq(productImages.productId, productId), eq(productImages.sourceHash, image.sourceHash)));
      return { url: existing?.url ?? image.url, width: image.width, height: image.height, isNew: false };
    },

    /**
     * Where the products' imported pictures were fetched from (decision 043): by product, the source
     * URL of each picture URL that has one. One read for any number of products.
     */
    async sourceUrlsFor(
      productIds: readonly string[],
      executor: Database = db,
    ): Promise<Map<string, Map<string, string>>> {
      const byProduct = new Map<string, Map<string, string>>();
      if (productIds.length === 0) return byProduct;
      const rows = await executor
        .select({ productId: productImages.productId, url: productImages.url, sourceUrl: productImages.sourceUrl })
        .from(productImages)
        .where(and(inArray(productImages.productId, [...new Set(productIds)]), isNotNull(productImages.sourceUrl)));
      for (const row of rows) {
        if (row.sourceUrl === null) continue;
        const sources = byProduct.get(row.productId) ?? new Map<string, string>();
        sources.set(row.url, row.sourceUrl);
        byProduct.set(row.productId, sources);
      }
      return byProduct;
    },

    /** Variants of the products' uploaded images, by product, keyed by the URL the product lists. */
    async sourcesFor(
      productIds: readonly string[],
      executor: Database = db,
    ): Promise<Map<string, Record<string, ImageSource>>> {
      const byProduct = new Map<string, Record<string, ImageSource>>();
      if (productIds.length === 0) return byProduct;
      const rows = await executor
        .select()
        .from(productImages)
        .where(inArray(productImages.productId, [...new Set(productIds)]));
      for (const row of rows) {
        const sources = byProduct.get(row.productId) ?? {};
        sources[row.url] = toImageSource(row);
        byProduct.set(row.productId, sources);
      }
      return byProduct;
    },

    /**
     * Forgets the product's uploads listed at these URLs inside the caller's transaction and
     * answers the variant keys no other upload uses; the caller removes them after its commit.
     */
    async detach(tx: Database, productId: string, urls: readonly string[]): Promise<string[]> {
      if (urls.length === 0) return [];
      const removed = await tx
        .delete(productImages)
        .where(and(eq(productImages.productId, productId), inArray(productImages.url, [...urls])))
        .returning({ sourceHash: productImages.sourceHash, variants: productImages.variants });
      if (removed.length === 0) return [];
      const stillUsed = await tx
        .select({ variants: productImages.variants })
        .from(productImages)
        .where(
          inArray(
            productImages.sourceHash,
            removed.map((r) => r.sourceHash),
          ),
        );
      const kept = new Set(stillUsed.flatMap((r) => (r.variants as ImageVariant[]).map((v) => v.key)));
      return removed.flatMap((r) => (r.variants as ImageVariant[]).map((v) => v.key)).filter((key) => !kept.has(key));
    },

    async removeStored(keys: readonly string[]): Promise<void> {
      for (const key of keys) served.delete(key);
      await storage.remove(keys);
    },

    async read(key: string): Promise<StoredImage | undefined> {
      if (!UPLOAD_KEY_PATTERN.test(key)) return undefined;
      const hit = served.get(key);
      if (hit) return hit;
      const image = await storage.get(key);
      if (image) served.set(key, image);
      return image;
    },
  };
}
