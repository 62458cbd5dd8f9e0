import { CATALOG_CSV_COLUMNS, type CatalogCsvColumn } from '@shopper/contract';
import { stringify } from 'csv-stringify/sync';
import type { CatalogCsvProduct } from './catalog-csv-product.ts';
import { textToHtml } from './html-text.ts';
import { guardFormula } from './shopify-csv.ts';

/**
 * The catalog as a Shopify product CSV (decision 043, "Export format"), pure: the caller reads the
 * products (visible colours only) and resolves each picture to its address. What is written here
 * is exactly what the import reads back, so export, import and export again give the same bytes.
 */

const OPTION_SIZE = 'Size';
const OPTION_COLOUR = 'Colour';

/**
 * The data rows, header excluded, in CATALOG_CSV_COLUMNS order: products by handle, one row per
 * variant (colour order, then size order; Option1 the size, Option2 the colour), the product's
 * fields on its first row only, and its n-th picture on its n-th row, with rows of only Handle and
 * picture when it has more pictures than variants. Pictures are the colours' galleries one after
 * the other, each starting with its main photo, which every variant of the colour names as its
 * Variant Image.
 */
export function catalogCsvRows(products: readonly CatalogCsvProduct[]): string[][] {
  const byHandle = [...products].sort((a, b) => (a.handle < b.handle ? -1 : a.handle > b.handle ? 1 : 0));
  return byHandle.flatMap(productRows);
}

/** The whole file: UTF-8 text without a byte order mark, `\n` line ends, cells quoted only when needed. */
export function exportCatalogCsv(products: readonly CatalogCsvProduct[]): string {
  return stringify([[...CATALOG_CSV_COLUMNS], ...catalogCsvRows(products)], {
    bom: false,
    record_delimiter: 'unix',
    eof: true,
  });
}

function productRows(product: CatalogCsvProduct): string[][] {
  const variants = product.colours.flatMap((colour) => colour.sizes.map((variant) => ({ colour, variant })));
  const images = product.colours.flatMap((colour) => colour.images);
  const rows: string[][] = [];
  for (let index = 0; index < Math.max(variants.length, images.length, 1); index += 1) {
    const cells: Partial<Record<CatalogCsvColumn, string>> = { Handle: product.handle };
    if (index === 0) {
      Object.assign(cells, {
        Title: product.name,
        'Body (HTML)': textToHtml(product.bodyText),
        Vendor: product.brand,
        Type: product.types.join(', '),
        Tags: product.tags.join(', '),
        Published: product.status === 'published' ? 'TRUE' : 'FALSE',
        'Option1 Name': OPTION_SIZE,
        'Option2 Name': OPTION_COLOUR,
        Status: product.status === 'published' ? 'active' : product.status,
        'Short Description (product.metafields.shopper.short_description)': product.shortDescription,
        'Category (product.metafields.shopper.category)': product.category,
      } satisfies Partial<Record<CatalogCsvColumn, string>>);
    }
    const entry = variants[index];
    if (entry) {
      const { colour, variant } = entry;
      const isOnSale = product.salePriceCents !== null;
      Object.assign(cells, {
        'Option1 Value': variant.size,
        'Option2 Value': colour.name,
        'Variant SKU': variant.sku,
        'Variant Price': dollars(product.salePriceCents ?? product.priceCents),
        'Variant Compare At Price': isOnSale ? dollars(product.priceCents) : '',
        'Variant Inventory Qty': String(variant.quantity),
        'Variant Image': colour.images[0] ?? '',
        'Colour Swatch (product.metafields.shopper.colour_swatch)': colour.swatch,
      } satisfies Partial<Record<CatalogCsvColumn, string>>);
    }
    const image = images[index];
    if (image !== undefined) Object.assign(cells, { 'Image Src': image, 'Image Position': String(index + 1) });
    rows.push(CATALOG_CSV_COLUMNS.map((column) => guardFormula(cells[column] ?? '')));
  }
  return rows;
}

/** Cents as dollars with two decimals, by integer arithmetic. */
function dollars(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
