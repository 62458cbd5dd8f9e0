import {
  CATALOG_IMPORT_MESSAGES as M,
  ColourNameSchema,
  DEFAULT_COLOUR_NAME,
  IMPORT_ONE_SIZE,
} from '@shopper/contract';
import type { ShopifyCsvRow } from '../shopify-csv.ts';
import { COLUMN, colourKey, optionValue, sizeKey, type FileColour } from './file-product.ts';
import type { ProductCells } from './product-cells.ts';
import { fields, readImageAddress, readPrices, readQuantity, readSku, readSwatch } from './read-cells.ts';
import { colourColumn, optionValueOf, sizeColumn, type OptionSlot } from './read-options.ts';

const DEFAULT_TITLE = 'Default Title';

/** A colour while its rows are read: the Variant Images it names, and where its swatch came from. */
export interface ColourDraft extends FileColour {
  mainImages: string[];
  /** mainImages as a set: a colour of thousands of rows is checked in linear time. */
  mainImageSet: Set<string>;
  swatchLine: number;
}

/** What the variant rows read so far add up to: colours and sizes by folded name, lines by variant. */
export interface VariantGrid {
  colours: Map<string, ColourDraft>;
  sizes: Map<string, string>;
  lines: Map<string, number>;
  /** The first variant's prices, which every other variant must repeat. */
  prices: { line: number; priceCents: number; salePriceCents: number | null } | null;
}

export const emptyGrid = (): VariantGrid => ({ colours: new Map(), sizes: new Map(), lines: new Map(), prices: null });

/** One variant row into the grid, every refusal noted against its cell. */
export function readVariant(cells: ProductCells, row: ShopifyCsvRow, options: OptionSlot[], grid: VariantGrid): void {
  const size = optionValueOf(cells, row, options, 'size') ?? IMPORT_ONE_SIZE;
  const colourValue = optionValueOf(cells, row, options, 'colour');
  const colourName =
    colourValue === null
      ? DEFAULT_COLOUR_NAME
      : cells.check(ColourNameSchema, colourValue, row.line, colourColumn(options), colourValue);
  const title = options.find((option) => option.role === 'title');
  if (title && cells.text(row, optionValue(title.slot)).trim() !== DEFAULT_TITLE) {
    cells.refuse(row.line, optionValue(title.slot), M.titleOptionValue(title.label));
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

  const sizeName = grid.sizes.get(sizeKey(size)) ?? size;
  grid.sizes.set(sizeKey(size), sizeName);
  const key = colourKey(colourName);
  let colour = grid.colours.get(key);
  if (!colour) {
    colour = {
      name: colourName,
      swatch: null,
      images: [],
      variants: [],
      mainImages: [],
      mainImageSet: new Set(),
      swatchLine: row.line,
    };
    grid.colours.set(key, colour);
  }
  const variantKey = `${key}\u0000${sizeKey(size)}`;
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
  if (variantImage !== null && !colour.mainImageSet.has(variantImage)) {
    colour.mainImageSet.add(variantImage);
    colour.mainImages.push(variantImage);
  }

  colour.variants.push({
    line: row.line,
    size: sizeName,
    sku: readSku(cells, row),
    quantity: readQuantity(cells, row, sizeName),
  });
}
