import { CATALOG_IMPORT_MESSAGES as M } from '@shopper/contract';
import type { PlannedProduct } from '../catalog-csv-product.ts';
import { swatchForColourName } from '../colour-swatches.ts';
import { COLUMN, sizeKey, type FileProduct, type ImportPlanLine, type PlanOptions } from './file-product.ts';

/** The fields an import writes as the file gives them, whether it creates or updates. */
export function productFields(file: FileProduct) {
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

/**
 * A product new to the shop (decision 043, step 3): `defaultCategory` when its row has no category,
 * else refused; a draft unless the file says otherwise; every colour in every size of the product.
 */
export function planCreate(file: FileProduct, options: PlanOptions): ImportPlanLine {
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
  const colours = file.colours.map((colour) => {
    const bySize = new Map(colour.variants.map((variant) => [sizeKey(variant.size), variant]));
    return {
      name: colour.name,
      swatch: colour.swatch ?? swatchForColourName(colour.name),
      images: colour.images,
      sizes: file.sizes.map((size) => {
        const variant = bySize.get(sizeKey(size));
        return { size, sku: variant?.sku ?? '', quantity: variant?.quantity ?? 0 };
      }),
    };
  });
  const product: PlannedProduct = {
    ...productFields(file),
    category,
    status: file.status ?? 'draft',
    shortDescription: file.shortDescription ?? '',
    colours,
  };
  return { action: 'create', handle, firstLine, product };
}
