import type { ProcessedPicture } from '../images/index.ts';
import type { CatalogProductFields } from './catalog-file.ts';

/**
 * A product as the catalog import writes it (decision 043): the file's values with what the file
 * leaves out already filled in by the plan. `importProduct` in the back office's catalog service
 * writes it in the caller's transaction.
 */
export interface ImportedProduct extends CatalogProductFields {
  /** Matched with the product's colours by name in any case; colours the file leaves out are kept. */
  colours: ImportedColour[];
}

export interface ImportedColour {
  name: string;
  swatch: string;
  /** The gallery, main photo first; null keeps the colour's gallery (or none for a new colour). */
  images: ImportedPicture[] | null;
  /** Sizes matched by name in any case; sizes the file leaves out are kept. */
  sizes: { size: string; sku: string; quantity: number | null }[];
}

/** A picture the product lists already (a drawing, or an upload it has), or one fetched for it. */
export type ImportedPicture = { url: string } | { picture: ProcessedPicture; sourceUrl: string };

export interface ImportContext {
  actorId: string | null;
  /** The ledger's note on every movement the import writes, e.g. `import <jobId>`. */
  note: string;
}

export interface ImportResult {
  productId: string;
  isNew: boolean;
  /** The stock written, summed over the variants (new variants count their whole stock). */
  stockDelta: number;
}
