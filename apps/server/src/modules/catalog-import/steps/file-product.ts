import type { CatalogImportReason, Category, ProductStatus } from '@shopper/contract';
import type { ImportRefusal, PlannedProduct } from '../catalog-csv-product.ts';

/** The columns the import reads, by their Shopify names (decision 043, "Export format"). */
export const COLUMN = {
  handle: 'Handle',
  title: 'Title',
  body: 'Body (HTML)',
  vendor: 'Vendor',
  type: 'Type',
  tags: 'Tags',
  published: 'Published',
  sku: 'Variant SKU',
  price: 'Variant Price',
  compareAtPrice: 'Variant Compare At Price',
  quantity: 'Variant Inventory Qty',
  imageSrc: 'Image Src',
  imagePosition: 'Image Position',
  variantImage: 'Variant Image',
  status: 'Status',
  shortDescription: 'Short Description (product.metafields.shopper.short_description)',
  category: 'Category (product.metafields.shopper.category)',
  swatch: 'Colour Swatch (product.metafields.shopper.colour_swatch)',
} as const;
export const OPTION_SLOTS = [1, 2, 3] as const;
export const optionName = (slot: number) => `Option${slot} Name`;
export const optionValue = (slot: number) => `Option${slot} Value`;

/** Colour names the way the database compares them, as the catalog's apply and editor do. */
export { colourKey } from '../../../lib/colour-key.ts';
/** Sizes the way the apply matches them. */
export const sizeKey = (name: string): string => name.toLowerCase();

/** A refused line's handle as the report keeps it: a cell can hold a megabyte, a report line need not. */
const MAX_SHOWN_HANDLE = 120;
export const shownHandle = (handle: string): string =>
  handle.length > MAX_SHOWN_HANDLE ? `${handle.slice(0, MAX_SHOWN_HANDLE)}…` : handle;

/** What the file says of one product. null: the file says nothing, and the plan fills it in. */
export interface FileProduct {
  handle: string;
  firstLine: number;
  name: string;
  bodyText: string;
  /** null when the file has no Short Description column (a plain Shopify export). */
  shortDescription: string | null;
  brand: string;
  category: Category | null;
  types: string[];
  tags: string[];
  status: ProductStatus | null;
  priceCents: number;
  salePriceCents: number | null;
  /** Every size the product's rows name, in order of first appearance. */
  sizes: string[];
  /** The columns holding the size and the colour of a variant, for reasons about them. */
  optionColumns: { size: string; colour: string };
  colours: FileColour[];
}

export interface FileColour {
  name: string;
  swatch: string | null;
  /** This colour's gallery, main photo first; empty when the file gives it none. */
  images: string[];
  variants: FileVariant[];
}

export interface FileVariant {
  line: number;
  size: string;
  /** null when the file has no Variant SKU column. */
  sku: string | null;
  quantity: number | null;
}

export interface ReadCatalog {
  products: FileProduct[];
  refusals: ImportRefusal[];
}

interface PlanLineBase {
  handle: string;
  firstLine: number;
}
export type ImportPlanLine =
  | (PlanLineBase & { action: 'create'; product: PlannedProduct })
  /** `changes` in the report's words (CATALOG_IMPORT_MESSAGES.change…): product fields, then by colour. */
  | (PlanLineBase & { action: 'update'; product: PlannedProduct; changes: string[] })
  | (PlanLineBase & { action: 'unchanged'; product: PlannedProduct })
  | (PlanLineBase & { action: 'refuse'; reasons: CatalogImportReason[] });

export interface PlanOptions {
  /** The category of a new product whose row leaves the Category column empty. */
  defaultCategory?: Category;
}
