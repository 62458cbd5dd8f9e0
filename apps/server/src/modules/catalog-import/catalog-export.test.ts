import { readFileSync } from 'node:fs';
import { CATALOG_CSV_COLUMNS } from '@shopper/contract';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { CatalogCsvProduct, PlannedProduct } from './catalog-csv-product.ts';
import { catalogCsvRows, exportCatalogCsv } from './catalog-export.ts';
import { planImport, readProducts } from './import-plan.ts';
import { parseShopifyCsv } from './shopify-csv.ts';

const CDN = 'https://cdn.shopify.com/s/files/1/0001/files';
const SHOP = 'https://shop.example/images/products';

/** Two colours of two sizes, a sale, and more pictures than variants. */
const SHIRT: CatalogCsvProduct = {
  handle: 'linen-shirt',
  name: 'Linen Shirt',
  bodyText: 'Soft & light.\nMade in Portugal.\n\n\u2022 100% linen',
  shortDescription: 'A summer shirt',
  brand: 'Northline',
  category: 'men',
  types: ['shirts'],
  tags: ['Linen', 'Summer'],
  status: 'published',
  priceCents: 6499,
  salePriceCents: 4999,
  colours: [
    {
      name: 'Sage',
      swatch: '#9caf88',
      images: [`${CDN}/sage-front.jpg`, `${CDN}/sage-back.jpg`, `${CDN}/sage-detail.jpg`],
      sizes: [
        { size: 'S', sku: 'LS-SAGE-S', quantity: 3 },
        { size: 'M', sku: 'LS-SAGE-M', quantity: 0 },
      ],
    },
    {
      name: 'Navy',
      swatch: '#1f2a44',
      images: [`${SHOP}/shirt-1f2a44-front.svg`, `${SHOP}/shirt-1f2a44-back.svg`, `${SHOP}/shirt-1f2a44-side.svg`],
      sizes: [
        { size: 'S', sku: '', quantity: 12 },
        { size: 'M', sku: 'LS-NAVY-M', quantity: 7 },
      ],
    },
  ],
};

/** Values a spreadsheet or a CSV reader could trip on. */
const AWKWARD: CatalogCsvProduct = {
  handle: 'a-awkward-product',
  name: '=Sum of "parts", really',
  bodyText: '@home & <away>\n- first\n+ second',
  shortDescription: "-50% today, 'quoted'",
  brand: '+Brand',
  category: 'kids',
  types: ['-minus', 'plain'],
  tags: ["'=already guarded", 'Zürich'],
  status: 'archived',
  priceCents: 100_000_00,
  salePriceCents: null,
  colours: [
    {
      name: '@Colour',
      swatch: '#000000',
      images: [],
      sizes: [{ size: '=1+1', sku: '-SKU', quantity: 100_000 }],
    },
  ],
};

const DRAFT: CatalogCsvProduct = {
  ...SHIRT,
  handle: 'b-draft',
  status: 'draft',
  shortDescription: '',
  bodyText: '',
  tags: [],
  types: [],
  salePriceCents: null,
  priceCents: 1,
  colours: [{ name: 'Standard', swatch: '#9ca3af', images: [], sizes: [{ size: 'One size', sku: '', quantity: 0 }] }],
};

function asCatalogProduct(product: PlannedProduct): CatalogCsvProduct {
  const { firstLine: _firstLine, ...fields } = product;
  return {
    ...fields,
    colours: product.colours.map((colour) => ({
      ...colour,
      sizes: colour.sizes.map((size) => ({ ...size, quantity: size.quantity ?? 0 })),
    })),
  };
}

/** Parse, read and plan `csv` into an empty shop, then export what would be created. */
async function reimport(csv: string): Promise<CatalogCsvProduct[]> {
  const parsed = await parseShopifyCsv(Buffer.from(csv, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.refusal.message);
  const plan = planImport(readProducts(parsed), new Map());
  return plan.map((line) => {
    if (line.action !== 'create') throw new Error(`${line.handle}: ${JSON.stringify(line)}`);
    return asCatalogProduct(line.product);
  });
}

function table(csv: string): Record<string, string>[] {
  return parse<Record<string, string>>(csv, { columns: true });
}

describe('exportCatalogCsv', () => {
  it('writes decision 043’s columns in order, UTF-8 without a BOM, \\n line ends, quoting only when needed', () => {
    const csv = exportCatalogCsv([SHIRT]);
    expect(csv.split('\n')[0]).toBe(CATALOG_CSV_COLUMNS.join(','));
    expect(csv.charCodeAt(0)).not.toBe(0xfeff);
    expect(csv).not.toContain('\r');
    expect(csv.endsWith('\n')).toBe(true);
    expect(csv.split('\n')[1]).toBe(
      'linen-shirt,Linen Shirt,<p>Soft &amp; light.<br>Made in Portugal.</p><p>\u2022 100% linen</p>,Northline,' +
        'shirts,"Linen, Summer",TRUE,Size,S,Colour,Sage,LS-SAGE-S,49.99,64.99,3,' +
        `${CDN}/sage-front.jpg,1,${CDN}/sage-front.jpg,active,A summer shirt,men,#9caf88`,
    );
  });

  it('writes one row per variant by colour then size, product fields on the first row, picture n on row n', () => {
    const rows = table(exportCatalogCsv([SHIRT]));
    expect(rows.map((row) => [row['Option1 Value'], row['Option2 Value'], row['Variant Inventory Qty']])).toEqual([
      ['S', 'Sage', '3'],
      ['M', 'Sage', '0'],
      ['S', 'Navy', '12'],
      ['M', 'Navy', '7'],
      ['', '', ''],
      ['', '', ''],
    ]);
    expect(rows.map((row) => row.Title)).toEqual(['Linen Shirt', '', '', '', '', '']);
    expect(rows.map((row) => row['Option1 Name'])).toEqual(['Size', '', '', '', '', '']);
    expect(rows.map((row) => [row['Image Src']?.replace(/^.*\//, ''), row['Image Position']])).toEqual([
      ['sage-front.jpg', '1'],
      ['sage-back.jpg', '2'],
      ['sage-detail.jpg', '3'],
      ['shirt-1f2a44-front.svg', '4'],
      ['shirt-1f2a44-back.svg', '5'],
      ['shirt-1f2a44-side.svg', '6'],
    ]);
    expect(rows.map((row) => row['Variant Image']?.replace(/^.*\//, ''))).toEqual([
      'sage-front.jpg',
      'sage-front.jpg',
      'shirt-1f2a44-front.svg',
      'shirt-1f2a44-front.svg',
      '',
      '',
    ]);
    // Extra picture rows carry only the handle and the picture.
    const extra = rows[4] ?? {};
    expect(
      Object.entries(extra)
        .filter(([, value]) => value !== '')
        .map(([column]) => column),
    ).toEqual(['Handle', 'Image Src', 'Image Position']);
  });

  it('writes prices with two decimals: the sale price as Variant Price and the regular one as compare-at', () => {
    const [onSale, regular] = [table(exportCatalogCsv([SHIRT]))[0], table(exportCatalogCsv([DRAFT]))[0]];
    expect([onSale?.['Variant Price'], onSale?.['Variant Compare At Price']]).toEqual(['49.99', '64.99']);
    expect([regular?.['Variant Price'], regular?.['Variant Compare At Price']]).toEqual(['0.01', '']);
    expect(table(exportCatalogCsv([AWKWARD]))[0]?.['Variant Price']).toBe('100000.00');
  });

  it('writes Published and Status for each status', () => {
    const statuses = [SHIRT, DRAFT, AWKWARD].map((product) => table(exportCatalogCsv([product]))[0]);
    expect(statuses.map((row) => [row?.Published, row?.Status])).toEqual([
      ['TRUE', 'active'],
      ['FALSE', 'draft'],
      ['FALSE', 'archived'],
    ]);
  });

  it('sorts products by handle', () => {
    expect(catalogCsvRows([SHIRT, DRAFT, AWKWARD]).map((row) => row[0])).toEqual([
      'a-awkward-product',
      'b-draft',
      'linen-shirt',
      ...Array<string>(5).fill('linen-shirt'),
    ]);
  });

  it('puts an apostrophe before every cell a spreadsheet would run as a formula', () => {
    const [row] = table(exportCatalogCsv([AWKWARD]));
    expect(row).toMatchObject({
      Title: '\'=Sum of "parts", really',
      Vendor: "'+Brand",
      Type: "'-minus, plain",
      Tags: "''=already guarded, Zürich",
      'Option1 Value': "'=1+1",
      'Option2 Value': "'@Colour",
      'Variant SKU': "'-SKU",
      'Short Description (product.metafields.shopper.short_description)': "'-50% today, 'quoted'",
      'Body (HTML)': '<p>@home &amp; &lt;away&gt;<br>- first<br>+ second</p>',
    });
  });
});

describe('export → import → export', () => {
  it('gives the same bytes for products with sales, drafts, extra pictures and awkward values', async () => {
    const first = exportCatalogCsv([SHIRT, DRAFT, AWKWARD]);
    const second = exportCatalogCsv(await reimport(first));
    expect(second).toBe(first);
  });

  it('gives the same bytes for the Shopify fixture once imported', async () => {
    const fixture = readFileSync(new URL('./fixtures/shopify-products.csv', import.meta.url), 'utf8');
    const imported = await reimport(fixture);
    expect(imported).toHaveLength(30);
    const first = exportCatalogCsv(imported);
    expect(table(first).filter((row) => row['Variant Price'] !== '')).toHaveLength(214);
    expect(exportCatalogCsv(await reimport(first))).toBe(first);
  });

  it('reads a tidied description back as stored, so an untidy one exports the same after the trip', async () => {
    const untidy = { ...SHIRT, bodyText: '  Soft   & light.\r\n\r\n\r\n  Made in Portugal.  ' };
    const first = exportCatalogCsv([untidy]);
    expect(exportCatalogCsv(await reimport(first))).toBe(first);
  });
});
