import {
  ADMIN_CATALOG_MESSAGES,
  CATALOG_IMPORT_MESSAGES as M,
  MAX_PRODUCT_COLOURS,
  MAX_PRODUCT_IMAGES,
  MAX_PRODUCT_SIZES,
  ProductSlugSchema,
} from '@shopper/contract';
import type { ImportRefusal } from '../catalog-csv-product.ts';
import { htmlToText } from '../html-text.ts';
import type { ShopifyCsvRow } from '../shopify-csv.ts';
import { assignGalleries, readProductImages } from './assign-galleries.ts';
import { COLUMN, shownHandle, type FileProduct, type ReadCatalog } from './file-product.ts';
import { ProductCells } from './product-cells.ts';
import { commaList, fields, readStatus } from './read-cells.ts';
import { colourColumn, isVariantRow, readOptionSlots, sizeColumn } from './read-options.ts';
import { emptyGrid, readVariant } from './read-variant.ts';

/**
 * Step 2 of decision 043's import pipeline: rows grouped by Handle into products, each checked with
 * the editor's own rules. A generator yielding after every row (steps/run-to-end.ts runs it).
 */
export function* readProductsInSteps(csv: {
  columns: readonly string[];
  rows: readonly ShopifyCsvRow[];
}): Generator<void, ReadCatalog> {
  const present = new Set(csv.columns);
  const groups = new Map<string, ShopifyCsvRow[]>();
  const refusals: ImportRefusal[] = [];
  for (const row of csv.rows) {
    const handle = (row.cells.get(COLUMN.handle) ?? '').trim();
    if (handle === '') {
      refusals.push({
        handle: '',
        firstLine: row.line,
        reasons: [{ line: row.line, column: COLUMN.handle, message: M.handleMissing }],
      });
      continue;
    }
    const group = groups.get(handle);
    if (group) group.push(row);
    else groups.set(handle, [row]);
    yield;
  }
  const products: FileProduct[] = [];
  for (const [handle, rows] of groups) {
    const read = yield* readProduct(handle, rows, present);
    if ('reasons' in read) refusals.push({ ...read, handle: shownHandle(read.handle) });
    else products.push(read);
  }
  refusals.sort((a, b) => a.firstLine - b.firstLine);
  return { products, refusals };
}

function* readProduct(
  handle: string,
  rows: ShopifyCsvRow[],
  present: ReadonlySet<string>,
): Generator<void, FileProduct | ImportRefusal> {
  const cells = new ProductCells(present);
  const first = rows[0] as ShopifyCsvRow;
  const firstLine = first.line;

  const handleText = cells.text(first, COLUMN.handle).trim();
  const slugCheck = ProductSlugSchema.safeParse(handleText);
  if (!slugCheck.success) cells.refuse(firstLine, COLUMN.handle, M.handleInvalid);
  const slug = slugCheck.success ? slugCheck.data : handle;
  const name = cells.check(fields.name, cells.text(first, COLUMN.title), firstLine, COLUMN.title, '');
  const bodyText = cells.check(
    fields.longDescription,
    htmlToText(cells.text(first, COLUMN.body)),
    firstLine,
    COLUMN.body,
    '',
  );
  const brand = cells.check(fields.brand, cells.text(first, COLUMN.vendor), firstLine, COLUMN.vendor, '');
  const types = cells.check(fields.types, commaList(cells.text(first, COLUMN.type)), firstLine, COLUMN.type, []);
  const tags = cells.check(fields.tags, commaList(cells.text(first, COLUMN.tags)), firstLine, COLUMN.tags, []);
  const status = readStatus(cells, first);
  const shortDescription = cells.has(COLUMN.shortDescription)
    ? cells.check(
        fields.shortDescription,
        cells.text(first, COLUMN.shortDescription),
        firstLine,
        COLUMN.shortDescription,
        '',
      )
    : null;
  const categoryText = cells.text(first, COLUMN.category).trim();
  const category =
    categoryText === '' ? null : cells.check(fields.category, categoryText, firstLine, COLUMN.category, null);
  const options = readOptionSlots(cells, first);
  // Without its options the variants cannot be told apart, and every row would add a reason.
  if (cells.hasRefusedColumn((column) => column.endsWith(' Name'))) {
    return { handle, firstLine, reasons: cells.sortedReasons() };
  }

  const grid = emptyGrid();
  for (const [index, row] of rows.entries()) {
    if (index === 0 || isVariantRow(row)) readVariant(cells, row, options, grid);
    yield;
  }
  const { colours, sizes, prices } = grid;

  const colourList = [...colours.values()];
  const productImages = yield* readProductImages(cells, rows);
  assignGalleries(colourList, productImages);
  yield;
  for (const colour of colourList) {
    if (colour.images.length > MAX_PRODUCT_IMAGES) {
      cells.refuse(firstLine, COLUMN.imageSrc, M.tooManyImages(colour.name, MAX_PRODUCT_IMAGES));
    }
  }
  if (colourList.length > MAX_PRODUCT_COLOURS) {
    cells.refuse(firstLine, colourColumn(options), ADMIN_CATALOG_MESSAGES.colourLimit(MAX_PRODUCT_COLOURS));
  }
  if (sizes.size > MAX_PRODUCT_SIZES) cells.refuse(firstLine, sizeColumn(options), M.tooManySizes(MAX_PRODUCT_SIZES));
  if (!prices) cells.refuse(firstLine, COLUMN.price, M.priceMissing);

  if (cells.reasons.length > 0 || !prices) {
    return { handle, firstLine, reasons: cells.sortedReasons() };
  }
  return {
    handle: slug,
    firstLine,
    name,
    bodyText,
    shortDescription,
    brand,
    category,
    types,
    tags,
    status,
    priceCents: prices.priceCents,
    salePriceCents: prices.salePriceCents,
    sizes: [...sizes.values()],
    optionColumns: { size: sizeColumn(options), colour: colourColumn(options) },
    colours: colourList.map(({ name: colourName, swatch, images, variants }) => ({
      name: colourName,
      swatch,
      images,
      variants,
    })),
  };
}
