import type { CatalogImportReason, Category, ProductStatus } from '@shopper/contract';

/**
 * A product in the terms of the catalog CSV (decision 043): what the export writes, what a plan
 * compares the file with, and what an import writes. Money in cents; `images` are addresses (an
 * imported picture's source URL, otherwise its absolute URL on this shop) with the colour's main
 * photo first; colours and each colour's sizes in picker order.
 */
export interface CatalogCsvProduct {
  handle: string;
  name: string;
  bodyText: string;
  shortDescription: string;
  brand: string;
  category: Category;
  types: string[];
  tags: string[];
  status: ProductStatus;
  priceCents: number;
  /** null: not on sale. */
  salePriceCents: number | null;
  colours: CatalogCsvColour[];
}

export interface CatalogCsvColour {
  name: string;
  /** `#rrggbb`, lower case. */
  swatch: string;
  images: string[];
  sizes: CatalogCsvVariant[];
}

export interface CatalogCsvVariant {
  size: string;
  sku: string;
  quantity: number;
}

/** The shop's product of a handle, as the database side reads it for planImport (visible colours). */
export type ExistingProductForPlan = CatalogCsvProduct;

/** A product as an import will write it: the file's values, with what the file leaves out filled in. */
export interface PlannedProduct extends Omit<CatalogCsvProduct, 'colours'> {
  /** The file line of the product's first row. */
  firstLine: number;
  colours: PlannedColour[];
}

export interface PlannedColour extends Omit<CatalogCsvColour, 'sizes'> {
  sizes: PlannedVariant[];
}

export interface PlannedVariant extends Omit<CatalogCsvVariant, 'quantity'> {
  /**
   * The stock after the import; null when the file says nothing (no Variant Inventory Qty column,
   * an empty cell, or a size the file lists for another colour only): an existing variant keeps its
   * stock, a new one starts at 0. Never a guess, since a guess would overwrite sales.
   */
  quantity: number | null;
}

/** Why a product is refused: every reason with its file line and column, in the editor's words. */
export interface ImportRefusal {
  handle: string;
  firstLine: number;
  reasons: CatalogImportReason[];
}
