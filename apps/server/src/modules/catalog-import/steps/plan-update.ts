import { CATALOG_IMPORT_MESSAGES as M } from '@shopper/contract';
import type { ExistingProductForPlan, PlannedProduct, PlannedVariant } from '../catalog-csv-product.ts';
import { swatchForColourName } from '../colour-swatches.ts';
import { tidyText } from '../html-text.ts';
import { colourKey, sizeKey, type FileProduct, type ImportPlanLine } from './file-product.ts';
import { productFields } from './plan-create.ts';
import { shopLimitReasons } from './shop-limits.ts';

/**
 * The shop's product of the file's handle against the file (decision 043, step 3): `update` with
 * what changes, or `unchanged`. What the file leaves out is kept: the category, status and short
 * description when the file has none, an existing colour's swatch and gallery, an existing variant's
 * SKU and stock. Colours match by name the way the database compares them, sizes by name in any case
 * (the shop's spelling is kept); a colour or size the file does not list is left as it is.
 */
export function planUpdate(file: FileProduct, current: ExistingProductForPlan): ImportPlanLine {
  const { handle, firstLine } = file;
  const existingSizes = new Map<string, string>();
  for (const colour of current.colours) {
    for (const variant of colour.sizes) existingSizes.set(sizeKey(variant.size), variant.size);
  }
  const sizes = file.sizes.map((size) => existingSizes.get(sizeKey(size)) ?? size);
  const currentColours = new Map(current.colours.map((colour) => [colourKey(colour.name), colour]));
  const reasons = shopLimitReasons(file, current, {
    line: firstLine,
    colourColumn: file.optionColumns.colour,
    sizeColumn: file.optionColumns.size,
  });
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
  for (const size of sizes) changed(!existingSizes.has(sizeKey(size)), M.changeNewSize(size));

  for (const colour of file.colours) {
    const match = currentColours.get(colourKey(colour.name));
    const swatch = colour.swatch ?? match?.swatch ?? swatchForColourName(colour.name);
    const images = colour.images.length > 0 ? colour.images : (match?.images ?? []);
    changed(!match, M.changeNewColour(colour.name));
    changed(match !== undefined && match.name !== colour.name, M.changeColourName(colour.name));
    changed(match !== undefined && swatch !== match.swatch, M.changeSwatch(colour.name));
    changed(match !== undefined && !sameList(images, match.images), M.changePhotos(colour.name));
    const fileVariants = new Map(colour.variants.map((variant) => [sizeKey(variant.size), variant]));
    const shopVariants = new Map((match?.sizes ?? []).map((variant) => [sizeKey(variant.size), variant]));
    const planned: PlannedVariant[] = sizes.map((size) => {
      const variant = fileVariants.get(sizeKey(size));
      const had = shopVariants.get(sizeKey(size));
      const sku = variant?.sku ?? had?.sku ?? '';
      const quantity = variant?.quantity ?? null;
      changed(had !== undefined && sku !== had.sku, M.changeSku(colour.name, size));
      // A variant new to an existing colour is listed, since the grid of the shop would have had it.
      changed(
        (had !== undefined && quantity !== null && quantity !== had.quantity) ||
          (match !== undefined && had === undefined && existingSizes.has(sizeKey(size))),
        M.changeStock(colour.name, size),
      );
      return { size, sku, quantity };
    });
    product.colours.push({ name: colour.name, swatch, images, sizes: planned });
  }

  if (changes.length === 0) return { action: 'unchanged', handle, firstLine, product };
  return { action: 'update', handle, firstLine, product, changes };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}
