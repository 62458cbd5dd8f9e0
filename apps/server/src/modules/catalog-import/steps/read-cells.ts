import {
  CATALOG_IMPORT_MESSAGES as M,
  ProductCreateBodySchema,
  SwatchSchema,
  toCents,
  type ProductStatus,
} from '@shopper/contract';
import type { ShopifyCsvRow } from '../shopify-csv.ts';
import { COLUMN } from './file-product.ts';
import type { ProductCells } from './product-cells.ts';

/** Reading one cell of a row into a value of the editor's, or a reason (decision 043, step 2). */

export const fields = ProductCreateBodySchema.shape;
const MAX_SKU_LENGTH = 100;
const MAX_IMAGE_ADDRESS = 500;
const DOLLARS = /^\d+(?:\.\d+)?$/;
const WHOLE_NUMBER = /^[+-]?\d+$/;

export function commaList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * Shopify's Status (active, draft, archived) and Published (TRUE, FALSE), as decision 043 reads
 * them: archived is archived, draft or FALSE is a draft, active or TRUE is published. null when the
 * file says neither.
 */
export function readStatus(cells: ProductCells, first: ShopifyCsvRow): ProductStatus | null {
  const statusText = cells.text(first, COLUMN.status).trim().toLowerCase();
  const publishedText = cells.text(first, COLUMN.published).trim().toLowerCase();
  if (statusText !== '' && !['active', 'draft', 'archived'].includes(statusText)) {
    cells.refuse(first.line, COLUMN.status, M.statusInvalid);
    return null;
  }
  if (publishedText !== '' && publishedText !== 'true' && publishedText !== 'false') {
    cells.refuse(first.line, COLUMN.published, M.publishedInvalid);
    return null;
  }
  if (statusText === 'archived') return 'archived';
  if (statusText === 'draft' || publishedText === 'false') return 'draft';
  if (statusText === 'active' || publishedText === 'true') return 'published';
  return null;
}

/**
 * Variant Price and Variant Compare At Price in cents. Shopify's price is what is paid and the
 * compare-at price the crossed-out one, so a compare-at price above the price makes a sale: the
 * regular price is the compare-at, the sale price the price. Anything else is no sale.
 */
export function readPrices(cells: ProductCells, row: ShopifyCsvRow) {
  const priceText = cells.text(row, COLUMN.price).trim();
  const compareText = cells.text(row, COLUMN.compareAtPrice).trim();
  if (priceText === '') {
    cells.refuse(row.line, COLUMN.price, M.priceMissing);
    return null;
  }
  const price = readDollars(cells, row, COLUMN.price, priceText);
  const compareAt = compareText === '' ? null : readDollars(cells, row, COLUMN.compareAtPrice, compareText);
  if (price === null || compareAt === undefined || price === undefined) return null;
  return compareAt !== null && compareAt > price
    ? { priceCents: compareAt, salePriceCents: price }
    : { priceCents: price, salePriceCents: null };
}

/** Cents of a dollar amount, or undefined (and a reason) when the contract's price rule refuses it. */
function readDollars(cells: ProductCells, row: ShopifyCsvRow, column: string, text: string): number | undefined {
  const dollars = DOLLARS.test(text) ? Number(text) : Number.NaN;
  const checked = cells.check(fields.price, dollars, row.line, column, null);
  return checked === null ? undefined : toCents(checked);
}

export function readSku(cells: ProductCells, row: ShopifyCsvRow): string | null {
  if (!cells.has(COLUMN.sku)) return null;
  const sku = cells.text(row, COLUMN.sku).trim();
  if (sku.length > MAX_SKU_LENGTH) cells.refuse(row.line, COLUMN.sku, M.skuInvalid(MAX_SKU_LENGTH));
  return sku;
}

export function readQuantity(cells: ProductCells, row: ShopifyCsvRow, size: string): number | null {
  const text = cells.text(row, COLUMN.quantity).trim();
  if (text === '') return null;
  const quantity = WHOLE_NUMBER.test(text) ? Number(text) : Number.NaN;
  const stock = cells.check(fields.stock, { [size]: quantity }, row.line, COLUMN.quantity, null);
  return stock === null ? null : quantity;
}

export function readSwatch(cells: ProductCells, row: ShopifyCsvRow): string | null {
  const text = cells.text(row, COLUMN.swatch).trim();
  return text === '' ? null : cells.check(SwatchSchema, text, row.line, COLUMN.swatch, null);
}

/** An http(s) address as the file writes it (kept byte for byte, so the export writes it back the same). */
export function readImageAddress(cells: ProductCells, row: ShopifyCsvRow, column: string): string | null {
  const text = cells.text(row, column).trim();
  if (text === '') return null;
  const isValid =
    text.length <= MAX_IMAGE_ADDRESS && URL.canParse(text) && ['http:', 'https:'].includes(new URL(text).protocol);
  if (!isValid) {
    cells.refuse(row.line, column, M.imageAddressInvalid);
    return null;
  }
  return text;
}
