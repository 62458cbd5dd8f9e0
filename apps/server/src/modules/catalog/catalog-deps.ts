import type { ImageSource } from '@shopper/contract';
import type { Database } from '../../db/client.ts';

/** Variants of uploaded images by product id (the images module's answer). */
export type ImageSourcesOf = (productIds: readonly string[]) => Promise<Map<string, Record<string, ImageSource>>>;

/**
 * What the catalog reads with, given once to `createCatalogService`; each use case takes the part it
 * needs. Without `imageSources` products carry no variants of their uploaded images.
 */
export type CatalogDeps = { db: Database; imageSources?: ImageSourcesOf };
