import {
  ADMIN_CATALOG_MESSAGES,
  CATALOG_IMPORT_MESSAGES as M,
  ColourNameSchema,
  DEFAULT_COLOUR_NAME,
  MAX_PRODUCT_COLOURS,
  SwatchSchema,
  IMPORT_ONE_SIZE,
  MAX_PRODUCT_IMAGES,
  MAX_PRODUCT_SIZES,
  ProductCreateBodySchema,
  ProductSlugSchema,
  toCents,
  type CatalogImportReason,
  type Category,
  type ProductStatus,
} from '@shopper/contract';
import type { z } from 'zod';
import type {
  ExistingProductForPlan,
  ImportRefusal,
  PlannedProduct,
  PlannedVariant,
} from './catalog-csv-product.ts';
import { swatchForColourName } from './colour-swatches.ts';
import { htmlToText, tidyText } from './html-text.ts';
import { unguardFormula, type ShopifyCsvRow } from './shopify-csv.ts';

/**
 * Steps 2 and 3 of decision 043's import pipeline, pure: rows grouped into products and checked
 * with the editor's own rules (`readProducts`), then compared with the shop's products of the same
 * handles (`planImport`). Nothing here reads or writes the database.
 */

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
const OPTION_SLOTS = [1, 2, 3] as const;
const optionName = (slot: number) => `Option${slot} Name`;
const optionValue = (slot: number) => `Option${slot} Value`;

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

const fields = ProductCreateBodySchema.shape;
const MAX_SKU_LENGTH = 100;
const MAX_IMAGE_ADDRESS = 500;
const DEFAULT_TITLE = 'Default Title';
const DOLLARS = /^\d+(?:\.\d+)?$/;
const WHOLE_NUMBER = /^[+-]?\d+$/;

/** Groups the rows by Handle and checks each product; a product with any reason is refused whole. */
export function readProducts(csv: { columns: readonly string[]; rows: readonly ShopifyCsvRow[] }): ReadCatalog {
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
  }
  const products: FileProduct[] = [];
  for (const [handle, rows] of groups) {
    const read = readProduct(handle, rows, present);
    if ('reasons' in read) refusals.push(read);
    else products.push(read);
  }
  refusals.sort((a, b) => a.firstLine - b.firstLine);
  return { products, refusals };
}

/** The cells of one product, each read once, with every refusal noted against its line and column. */
class ProductCells {
  readonly reasons: CatalogImportReason[] = [];
  constructor(private readonly present: ReadonlySet<string>) {}

  has(column: string): boolean {
    return this.present.has(column);
  }

  /** Notes a reason; only the first per cell, so a refused cell is not refused again by a later rule. */
  refuse(line: number, column: string, message: string): void {
    if (this.reasons.some((reason) => reason.line === line && reason.column === column)) return;
    this.reasons.push({ line, column, message });
  }

  /** The cell's text ('' for a column the file lacks); a cell that would run as a formula is refused. */
  text(row: ShopifyCsvRow, column: string): string {
    const cell = row.cells.get(column) ?? '';
    const value = unguardFormula(cell);
    if (value !== null) return value;
    this.refuse(row.line, column, M.formulaCell);
    return cell;
  }

  /** The value of `schema` for `input`, or `fallback` and a reason in the contract's words. */
  check<T, F>(schema: z.ZodType<T>, input: unknown, line: number, column: string, fallback: F): T | F {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    this.refuse(line, column, result.error.issues[0]?.message ?? result.error.message);
    return fallback;
  }
}

/** A colour while its rows are read: the Variant Images it names, and where its swatch came from. */
interface ColourDraft extends FileColour {
  mainImages: string[];
  swatchLine: number;
}

type OptionRole = 'size' | 'colour' | 'title';
interface OptionSlot {
  slot: number;
  role: OptionRole;
  /** The name as the file spells it, for messages. */
  label: string;
}

function readProduct(handle: string, rows: ShopifyCsvRow[], present: ReadonlySet<string>): FileProduct | ImportRefusal {
  const cells = new ProductCells(present);
  const first = rows[0] as ShopifyCsvRow;
  const firstLine = first.line;

  const slug = cells.check(ProductSlugSchema, cells.text(first, COLUMN.handle), firstLine, COLUMN.handle, handle);
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
  if (cells.reasons.some((reason) => reason.column?.endsWith(' Name'))) {
    return { handle, firstLine, reasons: cells.reasons.sort((a, b) => a.line - b.line) };
  }

  const grid: VariantGrid = { colours: new Map(), sizes: new Map(), lines: new Map(), prices: null };
  for (const [index, row] of rows.entries()) {
    if (index === 0 || isVariantRow(row)) readVariant(cells, row, options, grid);
  }
  const { colours, sizes, prices } = grid;

  const colourList = [...colours.values()];
  assignGalleries(colourList, readProductImages(cells, rows));
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
    return { handle, firstLine, reasons: cells.reasons.sort((a, b) => a.line - b.line) };
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

/** What the variant rows read so far add up to: colours and sizes by lower-case name, lines by variant. */
interface VariantGrid {
  colours: Map<string, ColourDraft>;
  sizes: Map<string, string>;
  lines: Map<string, number>;
  /** The first variant's prices, which every other variant must repeat. */
  prices: { line: number; priceCents: number; salePriceCents: number | null } | null;
}

function readVariant(cells: ProductCells, row: ShopifyCsvRow, options: OptionSlot[], grid: VariantGrid): void {
  const size = optionValueOf(cells, row, options, 'size') ?? IMPORT_ONE_SIZE;
  const colourValue = optionValueOf(cells, row, options, 'colour');
  const colourName =
    colourValue === null
      ? DEFAULT_COLOUR_NAME
      : cells.check(ColourNameSchema, colourValue, row.line, colourColumn(options), colourValue);
  const title = options.find((option) => option.role === 'title');
  if (title && cells.text(row, optionValue(title.slot)).trim() !== DEFAULT_TITLE) {
    cells.refuse(row.line, optionName(title.slot), M.unknownOption(title.label));
  }
  cells.check(fields.sizes, [size], row.line, sizeColumn(options), []);

  const prices = readPrices(cells, row);
  if (prices && !grid.prices) grid.prices = { line: row.line, ...prices };
  else if (
    prices &&
    grid.prices &&
    (prices.priceCents !== grid.prices.priceCents || prices.salePriceCents !== grid.prices.salePriceCents)
  ) {
    cells.refuse(row.line, COLUMN.price, M.pricesDiffer(grid.prices.line));
  }

  const sizeKey = size.toLowerCase();
  const sizeName = grid.sizes.get(sizeKey) ?? size;
  grid.sizes.set(sizeKey, sizeName);
  const colourKey = colourName.toLowerCase();
  let colour = grid.colours.get(colourKey);
  if (!colour) {
    colour = { name: colourName, swatch: null, images: [], variants: [], mainImages: [], swatchLine: row.line };
    grid.colours.set(colourKey, colour);
  }
  const variantKey = `${colourKey}\u0000${sizeKey}`;
  const earlier = grid.lines.get(variantKey);
  if (earlier !== undefined) {
    cells.refuse(row.line, sizeColumn(options), M.variantRepeated(colour.name, sizeName, earlier));
  }
  grid.lines.set(variantKey, row.line);

  const swatch = readSwatch(cells, row);
  if (swatch !== null && colour.swatch === null) {
    colour.swatch = swatch;
    colour.swatchLine = row.line;
  } else if (swatch !== null && swatch !== colour.swatch) {
    cells.refuse(row.line, COLUMN.swatch, M.swatchDiffers(colour.name, colour.swatchLine));
  }
  const variantImage = readImageAddress(cells, row, COLUMN.variantImage);
  if (variantImage !== null && !colour.mainImages.includes(variantImage)) colour.mainImages.push(variantImage);

  colour.variants.push({
    line: row.line,
    size: sizeName,
    sku: readSku(cells, row),
    quantity: readQuantity(cells, row, sizeName),
  });
}

/**
 * Shopify puts the product's fields on its first row and may add rows for more pictures only; a
 * row is a variant when it carries an option value or a variant's own field.
 */
function isVariantRow(row: ShopifyCsvRow): boolean {
  const cell = (column: string) => (row.cells.get(column) ?? '').trim() !== '';
  return (
    OPTION_SLOTS.some((slot) => cell(optionValue(slot))) ||
    [COLUMN.price, COLUMN.compareAtPrice, COLUMN.sku, COLUMN.quantity].some(cell)
  );
}

function readOptionSlots(cells: ProductCells, first: ShopifyCsvRow): OptionSlot[] {
  const slots: OptionSlot[] = [];
  for (const slot of OPTION_SLOTS) {
    const label = cells.text(first, optionName(slot)).trim();
    if (label === '') continue;
    const lower = label.toLowerCase();
    const role: OptionRole | null =
      lower === 'size'
        ? 'size'
        : lower === 'colour' || lower === 'color'
          ? 'colour'
          : lower === 'title'
            ? 'title'
            : null;
    if (role === null) cells.refuse(first.line, optionName(slot), M.unknownOption(label));
    else if (slots.some((other) => other.role === role))
      cells.refuse(first.line, optionName(slot), M.optionRepeated(label));
    else slots.push({ slot, role, label });
  }
  return slots;
}

/** The row's value of the size or colour option, null when the product has no such option. */
function optionValueOf(cells: ProductCells, row: ShopifyCsvRow, options: OptionSlot[], role: OptionRole) {
  const option = options.find((candidate) => candidate.role === role);
  if (!option) return null;
  const value = cells.text(row, optionValue(option.slot)).trim();
  if (value !== '') return value;
  cells.refuse(row.line, optionValue(option.slot), M.optionValueMissing(option.label));
  return null;
}

const sizeColumn = (options: OptionSlot[]) => {
  const option = options.find((candidate) => candidate.role === 'size');
  return option ? optionValue(option.slot) : optionValue(1);
};
const colourColumn = (options: OptionSlot[]) => {
  const option = options.find((candidate) => candidate.role === 'colour');
  return option ? optionValue(option.slot) : optionValue(2);
};

function commaList(text: string): string[] {
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
function readStatus(cells: ProductCells, first: ShopifyCsvRow): ProductStatus | null {
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
function readPrices(cells: ProductCells, row: ShopifyCsvRow) {
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

function readSku(cells: ProductCells, row: ShopifyCsvRow): string | null {
  if (!cells.has(COLUMN.sku)) return null;
  const sku = cells.text(row, COLUMN.sku).trim();
  if (sku.length > MAX_SKU_LENGTH || sku.includes('\u0000'))
    cells.refuse(row.line, COLUMN.sku, M.skuInvalid(MAX_SKU_LENGTH));
  return sku;
}

function readQuantity(cells: ProductCells, row: ShopifyCsvRow, size: string): number | null {
  const text = cells.text(row, COLUMN.quantity).trim();
  if (text === '') return null;
  const quantity = WHOLE_NUMBER.test(text) ? Number(text) : Number.NaN;
  const stock = cells.check(fields.stock, { [size]: quantity }, row.line, COLUMN.quantity, null);
  return stock === null ? null : quantity;
}

function readSwatch(cells: ProductCells, row: ShopifyCsvRow): string | null {
  const text = cells.text(row, COLUMN.swatch).trim();
  return text === '' ? null : cells.check(SwatchSchema, text, row.line, COLUMN.swatch, null);
}

/** An http(s) address as the file writes it (kept byte for byte, so the export writes it back the same). */
function readImageAddress(cells: ProductCells, row: ShopifyCsvRow, column: string): string | null {
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

/** The product's Image Src cells in Image Position order (rows without a position after, in file order). */
function readProductImages(cells: ProductCells, rows: ShopifyCsvRow[]): string[] {
  const images: { address: string; position: number; order: number }[] = [];
  rows.forEach((row, order) => {
    const address = readImageAddress(cells, row, COLUMN.imageSrc);
    const positionText = cells.text(row, COLUMN.imagePosition).trim();
    let position = Number.POSITIVE_INFINITY;
    if (positionText !== '') {
      position = /^\d+$/.test(positionText) ? Number(positionText) : 0;
      if (position < 1) cells.refuse(row.line, COLUMN.imagePosition, M.imagePositionInvalid);
    }
    if (address !== null) images.push({ address, position, order });
  });
  return images.sort((a, b) => a.position - b.position || a.order - b.order).map((image) => image.address);
}

/**
 * Each colour's gallery from the product's pictures (decision 043: the export writes each colour's
 * gallery as one run starting with its main photo, which is every variant of that colour's Variant
 * Image). Reading back, in Image Position order: a picture that is a colour's Variant Image starts
 * that colour's run, and every other picture joins the run in progress. Pictures before any run
 * (a Shopify product whose variants have no image) go to the first colour, after its own run. A
 * Variant Image missing from the Image Src list still heads its colour's gallery, and a colour
 * whose variants name several Variant Images has them all, the first as its main photo.
 */
function assignGalleries(colours: ColourDraft[], productImages: string[]): void {
  const galleries = new Map<ColourDraft, string[]>(colours.map((colour) => [colour, [...colour.mainImages]]));
  const claimed = new Set(colours.flatMap((colour) => colour.mainImages));
  const started = new Set<ColourDraft>();
  const leading: string[] = [];
  let current = leading;
  for (const address of productImages) {
    const starter = colours.find((colour) => !started.has(colour) && colour.mainImages[0] === address);
    if (starter) {
      started.add(starter);
      current = galleries.get(starter) ?? leading;
    } else if (!claimed.has(address) && !current.includes(address)) {
      current.push(address);
    }
  }
  const first = colours[0];
  const firstGallery = first ? galleries.get(first) : undefined;
  for (const address of leading) if (firstGallery && !firstGallery.includes(address)) firstGallery.push(address);
  for (const colour of colours) colour.images = galleries.get(colour) ?? [];
}

/**
 * Compares each product of the file with the shop's product of its handle (decision 043, step 3):
 * `create` when there is none, else `update` with the fields that change or `unchanged`; a product
 * refused by `readProducts` stays refused. Lines come in file order.
 *
 * What the file leaves out is filled in, never guessed over the shop's data: an update keeps the
 * product's category, status and short description when the file has none, an existing colour its
 * swatch and gallery, an existing variant its SKU and stock. Colours match by name in any case,
 * sizes by name in any case (the shop's spelling is kept); the import adds and updates, never
 * removes, so a colour or size the file does not list is left as it is and is no change. A new
 * product takes `defaultCategory` when its row has no category, else is refused; it starts as a
 * draft unless the file says otherwise.
 */
export function planImport(
  read: ReadCatalog,
  existing: ReadonlyMap<string, ExistingProductForPlan>,
  options: PlanOptions = {},
): ImportPlanLine[] {
  const lines: ImportPlanLine[] = read.refusals.map(({ handle, firstLine, reasons }) => ({
    action: 'refuse',
    handle,
    firstLine,
    reasons,
  }));
  for (const product of read.products) {
    const current = existing.get(product.handle);
    lines.push(current ? planUpdate(product, current) : planCreate(product, options));
  }
  return lines.sort((a, b) => a.firstLine - b.firstLine);
}

function planCreate(file: FileProduct, options: PlanOptions): ImportPlanLine {
  const { handle, firstLine } = file;
  const category = file.category ?? options.defaultCategory;
  if (category === undefined) {
    return {
      action: 'refuse',
      handle,
      firstLine,
      reasons: [{ line: firstLine, column: COLUMN.category, message: M.categoryMissing }],
    };
  }
  const colours = file.colours.map((colour) => ({
    name: colour.name,
    swatch: colour.swatch ?? swatchForColourName(colour.name),
    images: colour.images,
    sizes: file.sizes.map((size) => {
      const variant = colour.variants.find((candidate) => candidate.size === size);
      return { size, sku: variant?.sku ?? '', quantity: variant?.quantity ?? 0 };
    }),
  }));
  const product: PlannedProduct = {
    ...productFields(file),
    category,
    status: file.status ?? 'draft',
    shortDescription: file.shortDescription ?? '',
    colours,
  };
  return { action: 'create', handle, firstLine, product };
}

function planUpdate(file: FileProduct, current: ExistingProductForPlan): ImportPlanLine {
  const { handle, firstLine } = file;
  const key = (name: string) => name.toLowerCase();
  const existingSizes = new Map<string, string>();
  for (const colour of current.colours) {
    for (const variant of colour.sizes) existingSizes.set(key(variant.size), variant.size);
  }
  const sizes = file.sizes.map((size) => existingSizes.get(key(size)) ?? size);
  const newColours = file.colours.filter(
    (colour) => !current.colours.some((candidate) => key(candidate.name) === key(colour.name)),
  );
  const reasons: CatalogImportReason[] = [];
  if (current.colours.length + newColours.length > MAX_PRODUCT_COLOURS) {
    const message = ADMIN_CATALOG_MESSAGES.colourLimit(MAX_PRODUCT_COLOURS);
    reasons.push({ line: firstLine, column: file.optionColumns.colour, message });
  }
  if (new Set([...existingSizes.keys(), ...sizes.map(key)]).size > MAX_PRODUCT_SIZES) {
    reasons.push({ line: firstLine, column: file.optionColumns.size, message: M.tooManySizes(MAX_PRODUCT_SIZES) });
  }
  if (reasons.length > 0) return { action: 'refuse', handle, firstLine, reasons };

  const product: PlannedProduct = {
    ...productFields(file),
    category: file.category ?? current.category,
    status: file.status ?? current.status,
    shortDescription: file.shortDescription ?? current.shortDescription,
    colours: [],
  };
  const changes: string[] = [];
  const changed = (isChanged: boolean, change: string) => {
    if (isChanged) changes.push(change);
  };
  changed(product.name !== current.name, M.changeName);
  // The shop's text is compared as the export writes it, so spaces the editor kept are no change.
  changed(product.bodyText !== tidyText(current.bodyText), M.changeDescription);
  changed(product.shortDescription !== current.shortDescription, M.changeShortDescription);
  changed(product.brand !== current.brand, M.changeBrand);
  changed(product.category !== current.category, M.changeCategory);
  changed(!sameList(product.types, current.types), M.changeTypes);
  changed(!sameList(product.tags, current.tags), M.changeTags);
  changed(product.status !== current.status, M.changeStatus);
  changed(product.priceCents !== current.priceCents, M.changePrice);
  changed(product.salePriceCents !== current.salePriceCents, M.changeSalePrice);
  for (const size of sizes) changed(!existingSizes.has(key(size)), M.changeNewSize(size));

  for (const colour of file.colours) {
    const match = current.colours.find((candidate) => key(candidate.name) === key(colour.name));
    const swatch = colour.swatch ?? match?.swatch ?? swatchForColourName(colour.name);
    const images = colour.images.length > 0 ? colour.images : (match?.images ?? []);
    changed(!match, M.changeNewColour(colour.name));
    changed(match !== undefined && match.name !== colour.name, M.changeColourName(colour.name));
    changed(match !== undefined && swatch !== match.swatch, M.changeSwatch(colour.name));
    changed(match !== undefined && !sameList(images, match.images), M.changePhotos(colour.name));
    const planned: PlannedVariant[] = sizes.map((size) => {
      const variant = colour.variants.find((candidate) => key(candidate.size) === key(size));
      const had = match?.sizes.find((candidate) => key(candidate.size) === key(size));
      const sku = variant?.sku ?? had?.sku ?? '';
      const quantity = variant?.quantity ?? null;
      changed(had !== undefined && sku !== had.sku, M.changeSku(colour.name, size));
      // A variant new to an existing colour is listed, since the grid of the shop would have had it.
      changed(
        (had !== undefined && quantity !== null && quantity !== had.quantity) ||
          (match !== undefined && had === undefined && existingSizes.has(key(size))),
        M.changeStock(colour.name, size),
      );
      return { size, sku, quantity };
    });
    product.colours.push({ name: colour.name, swatch, images, sizes: planned });
  }

  if (changes.length === 0) return { action: 'unchanged', handle, firstLine, product };
  return { action: 'update', handle, firstLine, product, changes };
}

function productFields(file: FileProduct) {
  return {
    handle: file.handle,
    firstLine: file.firstLine,
    name: file.name,
    bodyText: file.bodyText,
    brand: file.brand,
    types: file.types,
    tags: file.tags,
    priceCents: file.priceCents,
    salePriceCents: file.salePriceCents,
  };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}
