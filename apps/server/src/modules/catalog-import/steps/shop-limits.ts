import {
  CATALOG_IMPORT_MESSAGES as M,
  MAX_PRODUCT_COLOURS,
  MAX_PRODUCT_SIZES,
  type CatalogImportReason,
} from '@shopper/contract';
import { colourKey, sizeKey } from './file-product.ts';

/** What of a product counts against the editor's limits: its colours' and its sizes' names. */
interface Named {
  colours: readonly { name: string; sizes: readonly { size: string }[] }[];
}

/**
 * The editor's colour and size limits for the shop's product with the file's colours and sizes
 * added: checked by the dry run against the product it read, and again by the apply against the
 * product as it is then, since another import applied in between may have added colours.
 */
export function shopLimitReasons(
  file: { colours: readonly { name: string }[]; sizes: readonly string[] },
  current: Named,
  at: { line: number; colourColumn: string; sizeColumn: string },
): CatalogImportReason[] {
  const reasons: CatalogImportReason[] = [];
  const currentColours = new Set(current.colours.map((colour) => colourKey(colour.name)));
  const added = new Set(file.colours.map((colour) => colourKey(colour.name)).filter((key) => !currentColours.has(key)));
  if (currentColours.size + added.size > MAX_PRODUCT_COLOURS) {
    const message = M.colourLimitWithShop(currentColours.size, added.size, MAX_PRODUCT_COLOURS);
    reasons.push({ line: at.line, column: at.colourColumn, message });
  }
  const currentSizes = new Set(current.colours.flatMap((colour) => colour.sizes.map((size) => sizeKey(size.size))));
  const addedSizes = new Set(file.sizes.map(sizeKey).filter((key) => !currentSizes.has(key)));
  if (currentSizes.size + addedSizes.size > MAX_PRODUCT_SIZES) {
    const message = M.sizeLimitWithShop(currentSizes.size, addedSizes.size, MAX_PRODUCT_SIZES);
    reasons.push({ line: at.line, column: at.sizeColumn, message });
  }
  return reasons;
}
