import { CATALOG_IMPORT_MESSAGES as M } from '@shopper/contract';
import type { ShopifyCsvRow } from '../shopify-csv.ts';
import { COLUMN } from './file-product.ts';
import type { ProductCells } from './product-cells.ts';
import { readImageAddress } from './read-cells.ts';
import type { ColourDraft } from './read-variant.ts';

/** The product's Image Src cells in Image Position order (rows without a position after, in file order). */
export function* readProductImages(cells: ProductCells, rows: ShopifyCsvRow[]): Generator<void, string[]> {
  const images: { address: string; position: number; order: number }[] = [];
  for (const [order, row] of rows.entries()) {
    const address = readImageAddress(cells, row, COLUMN.imageSrc);
    const positionText = cells.text(row, COLUMN.imagePosition).trim();
    let position = Number.POSITIVE_INFINITY;
    if (positionText !== '') {
      position = /^\d+$/.test(positionText) ? Number(positionText) : 0;
      if (position < 1) cells.refuse(row.line, COLUMN.imagePosition, M.imagePositionInvalid);
    }
    if (address !== null) images.push({ address, position, order });
    yield;
  }
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
 * Lookups are by map and set, so thousands of colours or pictures cost linear time.
 */
export function assignGalleries(colours: ColourDraft[], productImages: string[]): void {
  const galleries = new Map<ColourDraft, { list: string[]; has: Set<string> }>(
    colours.map((colour) => [colour, { list: [...colour.mainImages], has: new Set(colour.mainImages) }]),
  );
  const claimed = new Set(colours.flatMap((colour) => colour.mainImages));
  const starters = new Map<string, ColourDraft[]>();
  for (const colour of colours) {
    const main = colour.mainImages[0];
    if (main !== undefined) starters.set(main, [...(starters.get(main) ?? []), colour]);
  }
  const leading = { list: [] as string[], has: new Set<string>() };
  let current = leading;
  for (const address of productImages) {
    const starter = starters.get(address)?.shift();
    if (starter) {
      current = galleries.get(starter) ?? leading;
    } else if (!claimed.has(address) && !current.has.has(address)) {
      current.list.push(address);
      current.has.add(address);
    }
  }
  const first = colours[0];
  const firstGallery = first ? galleries.get(first) : undefined;
  for (const address of leading.list) {
    if (firstGallery && !firstGallery.has.has(address)) {
      firstGallery.list.push(address);
      firstGallery.has.add(address);
    }
  }
  for (const colour of colours) colour.images = galleries.get(colour)?.list ?? [];
}
