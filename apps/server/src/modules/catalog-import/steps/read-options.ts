import { CATALOG_IMPORT_MESSAGES as M } from '@shopper/contract';
import type { ShopifyCsvRow } from '../shopify-csv.ts';
import { COLUMN, OPTION_SLOTS, optionName, optionValue } from './file-product.ts';
import type { ProductCells } from './product-cells.ts';

/** The product's options (Size, Colour or Shopify's Title) and which row is a variant. */

export type OptionRole = 'size' | 'colour' | 'title';
export interface OptionSlot {
  slot: number;
  role: OptionRole;
  /** The name as the file spells it, for messages. */
  label: string;
}

export function readOptionSlots(cells: ProductCells, first: ShopifyCsvRow): OptionSlot[] {
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
export function optionValueOf(cells: ProductCells, row: ShopifyCsvRow, options: OptionSlot[], role: OptionRole) {
  const option = options.find((candidate) => candidate.role === role);
  if (!option) return null;
  const value = cells.text(row, optionValue(option.slot)).trim();
  if (value !== '') return value;
  cells.refuse(row.line, optionValue(option.slot), M.optionValueMissing(option.label));
  return null;
}

export const sizeColumn = (options: OptionSlot[]) => {
  const option = options.find((candidate) => candidate.role === 'size');
  return option ? optionValue(option.slot) : optionValue(1);
};
export const colourColumn = (options: OptionSlot[]) => {
  const option = options.find((candidate) => candidate.role === 'colour');
  return option ? optionValue(option.slot) : optionValue(2);
};

/**
 * Shopify puts the product's fields on its first row and may add rows for more pictures only; a
 * row is a variant when it carries an option value or a variant's own field.
 */
export function isVariantRow(row: ShopifyCsvRow): boolean {
  const cell = (column: string) => (row.cells.get(column) ?? '').trim() !== '';
  return (
    OPTION_SLOTS.some((slot) => cell(optionValue(slot))) ||
    [COLUMN.price, COLUMN.compareAtPrice, COLUMN.sku, COLUMN.quantity].some(cell)
  );
}
