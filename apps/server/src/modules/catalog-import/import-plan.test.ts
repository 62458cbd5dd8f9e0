import { readFileSync } from 'node:fs';
import {
  ADMIN_CATALOG_MESSAGES as A,
  CATALOG_IMPORT_MESSAGES as M,
  DEFAULT_COLOUR_NAME,
  MAX_PRODUCT_COLOURS,
  IMPORT_ONE_SIZE,
  MAX_PRODUCT_IMAGES,
  MAX_PRODUCT_SIZES,
} from '@shopper/contract';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import type { ExistingProductForPlan, PlannedProduct } from './catalog-csv-product.ts';
import { swatchForColourName } from './colour-swatches.ts';
import { COLUMN, planImport, readProducts, type ImportPlanLine, type ReadCatalog } from './import-plan.ts';
import { parseShopifyCsv } from './shopify-csv.ts';

const COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Inventory Qty',
  'Image Src',
  'Image Position',
  'Variant Image',
  'Status',
  COLUMN.shortDescription,
  COLUMN.category,
  COLUMN.swatch,
];
type Row = Record<string, string>;

async function readCsv(rows: Row[], columns: string[] = COLUMNS): Promise<ReadCatalog> {
  const text = stringify([columns, ...rows.map((row) => columns.map((column) => row[column] ?? ''))]);
  const parsed = await parseShopifyCsv(Buffer.from(text));
  if (!parsed.ok) throw new Error(parsed.refusal.message);
  return readProducts(parsed);
}

const CDN = 'https://cdn.shopify.com/s/files/1/0001/files';
const PRODUCT: Row = {
  Handle: 'linen-shirt',
  Title: 'Linen Shirt',
  'Body (HTML)': '<p>Soft &amp; light.</p>',
  Vendor: 'Northline',
  Type: 'Shirts',
  Tags: 'Linen, Summer',
  Published: 'TRUE',
  Status: 'active',
  'Option1 Name': 'Size',
  'Option2 Name': 'Colour',
  [COLUMN.shortDescription]: 'A summer shirt',
  [COLUMN.category]: 'men',
};
const variant = (size: string, colour: string, extra: Row = {}): Row => ({
  Handle: 'linen-shirt',
  'Option1 Value': size,
  'Option2 Value': colour,
  'Variant SKU': `LS-${colour}-${size}`.toUpperCase(),
  'Variant Price': '49.99',
  'Variant Inventory Qty': '5',
  'Variant Image': `${CDN}/${colour.toLowerCase()}-front.jpg`,
  ...extra,
});
/** Four variants on lines 2 to 5: Sage S, Sage M, Navy S, Navy M. */
const shirtRows = (): Row[] => [
  { ...PRODUCT, ...variant('S', 'Sage'), 'Image Src': `${CDN}/sage-front.jpg`, 'Image Position': '1' },
  { ...variant('M', 'Sage'), 'Image Src': `${CDN}/sage-back.jpg`, 'Image Position': '2' },
  { ...variant('S', 'Navy'), 'Image Src': `${CDN}/navy-front.jpg`, 'Image Position': '3' },
  variant('M', 'Navy'),
];

function onlyProduct(read: ReadCatalog) {
  expect(read.refusals).toEqual([]);
  expect(read.products).toHaveLength(1);
  return read.products[0] as NonNullable<(typeof read.products)[0]>;
}

function reasonsOf(read: ReadCatalog) {
  expect(read.products).toEqual([]);
  return read.refusals.flatMap((refusal) => refusal.reasons);
}

function createdOf(line: ImportPlanLine | undefined): PlannedProduct {
  if (line?.action !== 'create') throw new Error(`expected create, got ${line?.action}`);
  return line.product;
}

/** What the shop would hold after creating `product`. */
function stored(product: PlannedProduct): ExistingProductForPlan {
  const { firstLine: _firstLine, ...fields } = product;
  return {
    ...fields,
    colours: product.colours.map((colour) => ({
      ...colour,
      sizes: colour.sizes.map((size) => ({ ...size, quantity: size.quantity ?? 0 })),
    })),
  };
}

describe('readProducts: the Shopify fixture', () => {
  it('reads 30 products and 214 variants, none refused', async () => {
    const parsed = await parseShopifyCsv(readFileSync(new URL('./fixtures/shopify-products.csv', import.meta.url)));
    if (!parsed.ok) throw new Error(parsed.refusal.message);
    const read = readProducts(parsed);
    expect(read.refusals).toEqual([]);
    expect(read.products).toHaveLength(30);
    expect(read.products.flatMap((product) => product.colours.flatMap((colour) => colour.variants))).toHaveLength(214);

    const byHandle = new Map(read.products.map((product) => [product.handle, product]));
    const shirt = byHandle.get('linen-shirt');
    expect(shirt).toMatchObject({
      name: 'Linen Shirt',
      brand: 'Northline',
      category: 'men',
      status: 'published',
      priceCents: 6499,
      salePriceCents: 4999,
      tags: ['Linen', 'Summer', 'Men'],
      shortDescription: null,
      bodyText:
        'Breathable European linen & a relaxed fit for long summer days.\n\n\u2022 100% linen\n' +
        '\u2022 Mother\u2011of\u2011pearl buttons\n\nMachine wash cold \u2013 line dry.',
    });
    expect(shirt?.colours.map((colour) => colour.name)).toEqual(['Sage', 'White', 'Navy']);
    expect(shirt?.sizes).toEqual(['S', 'M', 'L', 'XL']);
    expect(shirt?.colours[0]?.images.map((image) => image.replace(/^.*\/files\//, ''))).toEqual([
      'linen-shirt-sage-front.jpg?v=1759705605',
      'linen-shirt-sage-back.jpg?v=1729926478',
    ]);

    // Color in Option1 (oxford-button-down), Colour spelled the British way (slim-chinos).
    expect(byHandle.get('oxford-button-down')?.colours.map((colour) => colour.name)).toEqual(['Light Blue', 'White']);
    expect(byHandle.get('oxford-button-down')?.sizes).toEqual(['S', 'M', 'L', 'XL']);
    expect(byHandle.get('slim-chinos')?.colours.map((colour) => colour.name)).toEqual(['Khaki', 'Olive', 'Black']);
    // Default Title, size only, colour only.
    expect(byHandle.get('leather-belt')?.colours).toMatchObject([
      { name: DEFAULT_COLOUR_NAME, variants: [{ size: IMPORT_ONE_SIZE }] },
    ]);
    expect(byHandle.get('leather-belt')?.colours[0]?.images).toHaveLength(3);
    expect(byHandle.get('running-shorts')?.colours.map((colour) => colour.name)).toEqual([DEFAULT_COLOUR_NAME]);
    const beanie = byHandle.get('knitted-beanie');
    expect(beanie?.sizes).toEqual([IMPORT_ONE_SIZE]);
    expect(beanie?.colours.map((colour) => colour.images.length)).toEqual([2, 2, 2]);
    // Statuses.
    expect(byHandle.get('merino-crew-sweater')?.status).toBe('draft');
    expect(byHandle.get('pleated-midi-skirt')?.status).toBe('archived');
    expect(read.products.filter((product) => product.status === 'published')).toHaveLength(25);
  });
});

describe('readProducts: options', () => {
  it('reads Colour in Option1 and in Option2 alike', async () => {
    const colourSecond = onlyProduct(await readCsv(shirtRows()));
    const colourFirst = onlyProduct(
      await readCsv(
        shirtRows().map((row) => ({
          ...row,
          'Option1 Name': row['Option2 Name'] === undefined ? '' : 'color',
          'Option2 Name': row['Option1 Name'] === undefined ? '' : 'SIZE',
          'Option1 Value': row['Option2 Value'] ?? '',
          'Option2 Value': row['Option1 Value'] ?? '',
        })),
      ),
    );
    expect({ ...colourFirst, optionColumns: null }).toEqual({ ...colourSecond, optionColumns: null });
    expect(colourFirst.optionColumns).toEqual({ size: 'Option2 Value', colour: 'Option1 Value' });
    expect(colourSecond.sizes).toEqual(['S', 'M']);
    expect(
      colourSecond.colours.map((colour) => [colour.name, colour.variants.map((v) => [v.size, v.sku, v.quantity])]),
    ).toEqual([
      [
        'Sage',
        [
          ['S', 'LS-SAGE-S', 5],
          ['M', 'LS-SAGE-M', 5],
        ],
      ],
      [
        'Navy',
        [
          ['S', 'LS-NAVY-S', 5],
          ['M', 'LS-NAVY-M', 5],
        ],
      ],
    ]);
  });

  it('reads Shopify’s Title / Default Title as one size in the default colour', async () => {
    const product = onlyProduct(
      await readCsv([
        {
          ...PRODUCT,
          'Option1 Name': 'Title',
          'Option1 Value': 'Default Title',
          'Option2 Name': '',
          'Variant Price': '12.00',
        },
      ]),
    );
    expect(product.sizes).toEqual([IMPORT_ONE_SIZE]);
    expect(product.colours).toMatchObject([{ name: DEFAULT_COLOUR_NAME, variants: [{ size: IMPORT_ONE_SIZE }] }]);
  });

  it('reads a size or colour option in the third slot', async () => {
    const product = onlyProduct(
      await readCsv([
        {
          ...PRODUCT,
          'Option1 Name': 'Size',
          'Option1 Value': 'M',
          'Option2 Name': '',
          'Option3 Name': 'Color',
          'Option3 Value': 'Red',
          'Variant Price': '5',
        },
      ]),
    );
    expect(product.colours).toMatchObject([{ name: 'Red', variants: [{ size: 'M' }] }]);
  });

  it('refuses an option that is neither size nor colour, naming it', async () => {
    const rows = shirtRows().map((row) => ('Option2 Name' in row ? { ...row, 'Option2 Name': 'Material' } : row));
    expect(reasonsOf(await readCsv(rows))).toEqual([
      { line: 2, column: 'Option2 Name', message: M.unknownOption('Material') },
    ]);
  });

  it('refuses a Title option whose value is not Default Title', async () => {
    const read = await readCsv([
      { ...PRODUCT, 'Option1 Name': 'Title', 'Option1 Value': 'Large', 'Option2 Name': '', 'Variant Price': '5' },
    ]);
    expect(reasonsOf(read)).toEqual([{ line: 2, column: 'Option1 Value', message: M.titleOptionValue('Title') }]);
  });

  it('merges colour names that differ only in case, keeping the first spelling', async () => {
    const rows = shirtRows();
    rows[3] = variant('M', 'navy');
    const product = onlyProduct(await readCsv(rows));
    expect(product.colours.map((colour) => [colour.name, colour.variants.length])).toEqual([
      ['Sage', 2],
      ['Navy', 2],
    ]);
  });
});

describe('readProducts: fields', () => {
  it('maps the product’s fields, types in lower case, with a compare-at price above the price as a sale', async () => {
    const rows = shirtRows().map((row) => ({ ...row, 'Variant Price': '39.99', 'Variant Compare At Price': '49.99' }));
    expect(onlyProduct(await readCsv(rows))).toMatchObject({
      handle: 'linen-shirt',
      firstLine: 2,
      name: 'Linen Shirt',
      bodyText: 'Soft & light.',
      shortDescription: 'A summer shirt',
      brand: 'Northline',
      category: 'men',
      types: ['shirts'],
      tags: ['Linen', 'Summer'],
      status: 'published',
      priceCents: 4999,
      salePriceCents: 3999,
    });
  });

  it.each([
    ['below the price', '39.99'],
    ['equal to the price', '49.99'],
  ])('reads a compare-at price %s as no sale', async (_case, compareAt) => {
    const rows = shirtRows().map((row) => ({ ...row, 'Variant Compare At Price': compareAt }));
    expect(onlyProduct(await readCsv(rows))).toMatchObject({ priceCents: 4999, salePriceCents: null });
  });

  it.each([
    ['active', 'TRUE', 'published'],
    ['active', 'FALSE', 'draft'],
    ['draft', 'TRUE', 'draft'],
    ['archived', 'FALSE', 'archived'],
    ['', 'true', 'published'],
    ['', 'false', 'draft'],
    ['ACTIVE', '', 'published'],
    ['', '', null],
  ])('reads Status %j with Published %j as %j', async (status, published, expected) => {
    const rows = shirtRows();
    rows[0] = { ...rows[0], Status: status, Published: published };
    expect(onlyProduct(await readCsv(rows)).status).toBe(expected);
  });

  it('leaves the short description, category, SKU and stock unset when the file has no such column or cell', async () => {
    const columns = COLUMNS.filter(
      (column) => ![COLUMN.shortDescription, COLUMN.sku, COLUMN.swatch].includes(column as never),
    );
    const rows = shirtRows().map((row) => ({ ...row, [COLUMN.category]: '', 'Variant Inventory Qty': '' }));
    const product = onlyProduct(await readCsv(rows, columns));
    expect(product).toMatchObject({ shortDescription: null, category: null });
    expect(product.colours[0]).toMatchObject({
      swatch: null,
      variants: [
        { sku: null, quantity: null },
        { sku: null, quantity: null },
      ],
    });
  });

  it('strips the one apostrophe that keeps a formula-like value as text', async () => {
    const rows = shirtRows();
    rows[0] = { ...rows[0], Title: "'=Sum of parts", Tags: "'-50%, ''+x" };
    const product = onlyProduct(await readCsv(rows));
    expect(product.name).toBe('=Sum of parts');
    // The apostrophe guards the cell, not each tag: the second tag keeps both of its own.
    expect(product.tags).toEqual(['-50%', "''+x"]);
  });

  it('keeps a negative-looking number as a number: refused by the stock rule, not as a formula', async () => {
    const rows = shirtRows();
    rows[1] = { ...rows[1], 'Variant Inventory Qty': '-3' };
    expect(reasonsOf(await readCsv(rows))).toEqual([
      { line: 3, column: 'Variant Inventory Qty', message: A.stockInvalid },
    ]);
  });

  it('reads each colour’s swatch and guesses one from the name when none is given', async () => {
    const rows = shirtRows();
    rows[0] = { ...rows[0], [COLUMN.swatch]: '#A1B2C3' };
    const product = onlyProduct(await readCsv(rows));
    expect(product.colours.map((colour) => colour.swatch)).toEqual(['#a1b2c3', null]);
  });
});

describe('readProducts: galleries', () => {
  it('gives each colour the run of pictures its Variant Image starts', async () => {
    const product = onlyProduct(await readCsv(shirtRows()));
    expect(product.colours.map((colour) => colour.images)).toEqual([
      [`${CDN}/sage-front.jpg`, `${CDN}/sage-back.jpg`],
      [`${CDN}/navy-front.jpg`],
    ]);
  });

  it('orders pictures by Image Position, and gives pictures before any run to the first colour after its own', async () => {
    const rows: Row[] = [
      { ...PRODUCT, ...variant('S', 'Sage'), 'Image Src': `${CDN}/navy-front.jpg`, 'Image Position': '4' },
      { ...variant('S', 'Navy'), 'Image Src': `${CDN}/flat-lay.jpg`, 'Image Position': '1' },
      { Handle: 'linen-shirt', 'Image Src': `${CDN}/navy-back.jpg`, 'Image Position': '5' },
      { Handle: 'linen-shirt', 'Image Src': `${CDN}/sage-front.jpg`, 'Image Position': '2' },
      { Handle: 'linen-shirt', 'Image Src': `${CDN}/sage-back.jpg`, 'Image Position': '3' },
    ];
    const product = onlyProduct(await readCsv(rows));
    expect(product.colours.map((colour) => colour.images)).toEqual([
      [`${CDN}/sage-front.jpg`, `${CDN}/sage-back.jpg`, `${CDN}/flat-lay.jpg`],
      [`${CDN}/navy-front.jpg`, `${CDN}/navy-back.jpg`],
    ]);
    expect(product.colours.flatMap((colour) => colour.variants)).toHaveLength(2);
  });

  it('gives every picture to the one colour when the variants name none', async () => {
    const rows = shirtRows().map((row) => ({ ...row, 'Variant Image': '' }));
    const product = onlyProduct(await readCsv(rows));
    expect(product.colours.map((colour) => colour.images.length)).toEqual([3, 0]);
  });
});

describe('readProducts: refusals, each with its line, column and the editor’s words', () => {
  const cases: [string, (rows: Row[]) => void, { line: number; column: string | null; message: string }][] = [
    [
      'a bad handle',
      (rows) => rows.forEach((row) => (row.Handle = 'Linen Shirt!')),
      { line: 2, column: 'Handle', message: M.handleInvalid },
    ],
    [
      'no title',
      (rows) => (rows[0] = { ...rows[0], Title: ' ' }),
      { line: 2, column: 'Title', message: A.nameRequired },
    ],
    [
      'a one-letter title',
      (rows) => (rows[0] = { ...rows[0], Title: 'X' }),
      { line: 2, column: 'Title', message: A.nameLength },
    ],
    [
      'no vendor',
      (rows) => (rows[0] = { ...rows[0], Vendor: '' }),
      { line: 2, column: 'Vendor', message: A.brandRequired },
    ],
    [
      'a body over 5000 characters',
      (rows) => (rows[0] = { ...rows[0], 'Body (HTML)': `<p>${'x'.repeat(5001)}</p>` }),
      { line: 2, column: 'Body (HTML)', message: A.descriptionTooLong },
    ],
    [
      'a short description over 300 characters',
      (rows) => (rows[0] = { ...rows[0], [COLUMN.shortDescription]: 'x'.repeat(301) }),
      { line: 2, column: COLUMN.shortDescription, message: A.descriptionTooLong },
    ],
    [
      'a tag over 40 characters',
      (rows) => (rows[0] = { ...rows[0], Tags: `ok, ${'x'.repeat(41)}` }),
      { line: 2, column: 'Tags', message: A.tagInvalid },
    ],
    [
      '21 types',
      (rows) => (rows[0] = { ...rows[0], Type: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') }),
      { line: 2, column: 'Type', message: A.tagInvalid },
    ],
    [
      'an unknown category',
      (rows) => (rows[0] = { ...rows[0], [COLUMN.category]: 'Men' }),
      { line: 2, column: COLUMN.category, message: A.categoryInvalid },
    ],
    [
      'an unknown status',
      (rows) => (rows[0] = { ...rows[0], Status: 'live' }),
      { line: 2, column: 'Status', message: M.statusInvalid },
    ],
    [
      'an unknown Published',
      (rows) => (rows[0] = { ...rows[0], Published: 'yes' }),
      { line: 2, column: 'Published', message: M.publishedInvalid },
    ],
    [
      'a price that is not a number',
      (rows) => (rows[0] = { ...rows[0], 'Variant Price': '$49' }),
      { line: 2, column: 'Variant Price', message: A.priceInvalid },
    ],
    [
      'a price of a fraction of a cent',
      (rows) => (rows[0] = { ...rows[0], 'Variant Price': '49.999' }),
      { line: 2, column: 'Variant Price', message: A.priceInvalid },
    ],
    [
      'a price of 0',
      (rows) => (rows[0] = { ...rows[0], 'Variant Price': '0.00' }),
      { line: 2, column: 'Variant Price', message: A.priceInvalid },
    ],
    [
      'no price',
      (rows) => (rows[1] = { ...rows[1], 'Variant Price': '' }),
      { line: 3, column: 'Variant Price', message: M.priceMissing },
    ],
    [
      'a bad compare-at price',
      (rows) => (rows[0] = { ...rows[0], 'Variant Compare At Price': 'n/a' }),
      { line: 2, column: 'Variant Compare At Price', message: A.priceInvalid },
    ],
    [
      'a variant priced unlike the first',
      (rows) => (rows[2] = { ...rows[2], 'Variant Price': '59.99' }),
      { line: 4, column: 'Variant Price', message: M.pricesDiffer(2) },
    ],
    [
      'a variant with another compare-at price',
      (rows) => (rows[3] = { ...rows[3], 'Variant Compare At Price': '99.00' }),
      { line: 5, column: 'Variant Price', message: M.pricesDiffer(2) },
    ],
    [
      'a quantity with decimals',
      (rows) => (rows[1] = { ...rows[1], 'Variant Inventory Qty': '2.5' }),
      { line: 3, column: 'Variant Inventory Qty', message: A.stockInvalid },
    ],
    [
      'a quantity over the maximum',
      (rows) => (rows[1] = { ...rows[1], 'Variant Inventory Qty': '100001' }),
      { line: 3, column: 'Variant Inventory Qty', message: A.stockInvalid },
    ],
    [
      'a size over 20 characters',
      (rows) => (rows[1] = { ...rows[1], 'Option1 Value': 'x'.repeat(21) }),
      { line: 3, column: 'Option1 Value', message: A.sizeInvalid },
    ],
    [
      'a colour name over 40 characters',
      (rows) => (rows[2] = { ...rows[2], 'Option2 Value': 'x'.repeat(41) }),
      { line: 4, column: 'Option2 Value', message: A.colourNameRequired },
    ],
    [
      'a variant without its size',
      (rows) => (rows[1] = { ...rows[1], 'Option1 Value': '' }),
      { line: 3, column: 'Option1 Value', message: M.optionValueMissing('Size') },
    ],
    [
      'a variant given twice',
      (rows) => (rows[3] = { ...rows[3], 'Option2 Value': 'Sage', 'Option1 Value': 'm' }),
      { line: 5, column: 'Option1 Value', message: M.variantRepeated('Sage', 'M', 3) },
    ],
    [
      'an option given twice',
      (rows) => (rows[0] = { ...rows[0], 'Option2 Name': 'size' }),
      { line: 2, column: 'Option2 Name', message: M.optionRepeated('size') },
    ],
    [
      'a SKU over 100 characters',
      (rows) => (rows[1] = { ...rows[1], 'Variant SKU': 'x'.repeat(101) }),
      { line: 3, column: 'Variant SKU', message: M.skuInvalid(100) },
    ],
    [
      'a swatch that is no colour code',
      (rows) => (rows[1] = { ...rows[1], [COLUMN.swatch]: 'green' }),
      { line: 3, column: COLUMN.swatch, message: A.swatchInvalid },
    ],
    [
      'a colour given two swatches',
      (rows) => {
        rows[0] = { ...rows[0], [COLUMN.swatch]: '#111111' };
        rows[1] = { ...rows[1], [COLUMN.swatch]: '#222222' };
      },
      { line: 3, column: COLUMN.swatch, message: M.swatchDiffers('Sage', 2) },
    ],
    [
      'an image that is not a web address',
      (rows) => (rows[1] = { ...rows[1], 'Image Src': 'file:///etc/passwd' }),
      { line: 3, column: 'Image Src', message: M.imageAddressInvalid },
    ],
    [
      'a Variant Image that is no address',
      (rows) => (rows[2] = { ...rows[2], 'Variant Image': 'navy.jpg' }),
      { line: 4, column: 'Variant Image', message: M.imageAddressInvalid },
    ],
    [
      'an image address over 500 characters',
      (rows) => (rows[1] = { ...rows[1], 'Image Src': `${CDN}/${'x'.repeat(500)}.jpg` }),
      { line: 3, column: 'Image Src', message: M.imageAddressInvalid },
    ],
    [
      'an image position of 0',
      (rows) => (rows[1] = { ...rows[1], 'Image Position': '0' }),
      { line: 3, column: 'Image Position', message: M.imagePositionInvalid },
    ],
    [
      'an image position that is no number',
      (rows) => (rows[1] = { ...rows[1], 'Image Position': 'second' }),
      { line: 3, column: 'Image Position', message: M.imagePositionInvalid },
    ],
    [
      'a formula in Tags',
      (rows) => (rows[0] = { ...rows[0], Tags: '=HYPERLINK("http://evil.example","Sale")' }),
      { line: 2, column: 'Tags', message: M.formulaCell },
    ],
    [
      'a formula in a SKU',
      (rows) => (rows[2] = { ...rows[2], 'Variant SKU': '@SUM(1+1)' }),
      { line: 4, column: 'Variant SKU', message: M.formulaCell },
    ],
    [
      'a tab-led Title',
      (rows) => (rows[0] = { ...rows[0], Title: '\tcmd' }),
      { line: 2, column: 'Title', message: M.formulaCell },
    ],
  ];

  it.each(cases)('%s', async (_case, change, reason) => {
    const rows = shirtRows();
    change(rows);
    const read = await readCsv(rows);
    expect(read.refusals.map((refusal) => [refusal.handle, refusal.firstLine])).toEqual([[rows[0]?.Handle, 2]]);
    expect(reasonsOf(read)).toEqual([reason]);
  });

  it('refuses a row without a Handle on its own, and the others still read', async () => {
    const read = await readCsv([...shirtRows(), { ...variant('L', 'Sage'), Handle: '' }]);
    expect(read.products.map((product) => product.handle)).toEqual(['linen-shirt']);
    expect(read.refusals).toEqual([
      { handle: '', firstLine: 6, reasons: [{ line: 6, column: 'Handle', message: M.handleMissing }] },
    ]);
  });

  it(`refuses more than ${MAX_PRODUCT_COLOURS} colours, ${MAX_PRODUCT_SIZES} sizes or ${MAX_PRODUCT_IMAGES} pictures of a colour`, async () => {
    const colours = Array.from({ length: MAX_PRODUCT_COLOURS + 1 }, (_, index) => variant('S', `Colour ${index}`));
    expect(reasonsOf(await readCsv([{ ...PRODUCT, ...colours[0] }, ...colours.slice(1)]))).toEqual([
      { line: 2, column: 'Option2 Value', message: A.colourLimit(MAX_PRODUCT_COLOURS) },
    ]);
    const sizes = Array.from({ length: MAX_PRODUCT_SIZES + 1 }, (_, index) => variant(`S${index}`, 'Sage'));
    expect(reasonsOf(await readCsv([{ ...PRODUCT, ...sizes[0] }, ...sizes.slice(1)]))).toEqual([
      { line: 2, column: 'Option1 Value', message: M.tooManySizes(MAX_PRODUCT_SIZES) },
    ]);
    // Pictures after the Navy run's start join it.
    const pictures = Array.from({ length: MAX_PRODUCT_IMAGES + 1 }, (_, index) => ({
      Handle: 'linen-shirt',
      'Image Src': `${CDN}/extra-${index}.jpg`,
    }));
    expect(reasonsOf(await readCsv([...shirtRows(), ...pictures]))).toEqual([
      { line: 2, column: 'Image Src', message: M.tooManyImages('Navy', MAX_PRODUCT_IMAGES) },
    ]);
  });

  it('lists every reason of a product, by line', async () => {
    const rows = shirtRows();
    rows[3] = { ...rows[3], 'Variant Inventory Qty': 'lots' };
    rows[0] = { ...rows[0], Title: '', Vendor: '' };
    expect(reasonsOf(await readCsv(rows))).toEqual([
      { line: 2, column: 'Title', message: A.nameRequired },
      { line: 2, column: 'Vendor', message: A.brandRequired },
      { line: 5, column: 'Variant Inventory Qty', message: A.stockInvalid },
    ]);
  });

  it('refuses one product and plans the next', async () => {
    const other = shirtRows().map((row) => ({ ...row, Handle: 'other-shirt' }));
    const rows = shirtRows();
    rows[1] = { ...rows[1], 'Variant Price': '1.00' };
    const plan = planImport(await readCsv([...rows, ...other]), new Map());
    expect(plan.map((line) => [line.handle, line.firstLine, line.action])).toEqual([
      ['linen-shirt', 2, 'refuse'],
      ['other-shirt', 6, 'create'],
    ]);
  });
});

describe('planImport', () => {
  it('creates a product with the file’s values, the grid filled and the gaps given defaults', async () => {
    const rows = shirtRows().slice(0, 3);
    rows[0] = { ...rows[0], [COLUMN.category]: '', Status: '', Published: '' };
    const plan = planImport(await readCsv(rows), new Map(), { defaultCategory: 'women' });
    const product = createdOf(plan[0]);
    expect(product).toMatchObject({ category: 'women', status: 'draft', shortDescription: 'A summer shirt' });
    expect(product.colours).toEqual([
      {
        name: 'Sage',
        swatch: swatchForColourName('Sage'),
        images: [`${CDN}/sage-front.jpg`, `${CDN}/sage-back.jpg`],
        sizes: [
          { size: 'S', sku: 'LS-SAGE-S', quantity: 5 },
          { size: 'M', sku: 'LS-SAGE-M', quantity: 5 },
        ],
      },
      {
        name: 'Navy',
        swatch: swatchForColourName('Navy'),
        images: [`${CDN}/navy-front.jpg`],
        sizes: [
          { size: 'S', sku: 'LS-NAVY-S', quantity: 5 },
          { size: 'M', sku: '', quantity: 0 },
        ],
      },
    ]);
  });

  it('refuses a new product without a category when no default is given', async () => {
    const rows = shirtRows();
    rows[0] = { ...rows[0], [COLUMN.category]: '' };
    expect(planImport(await readCsv(rows), new Map())).toEqual([
      {
        action: 'refuse',
        handle: 'linen-shirt',
        firstLine: 2,
        reasons: [{ line: 2, column: COLUMN.category, message: M.categoryMissing }],
      },
    ]);
  });

  it('finds nothing to change when the same file is planned again after it was applied', async () => {
    const read = await readCsv(shirtRows());
    const first = planImport(read, new Map());
    const existing = new Map([['linen-shirt', stored(createdOf(first[0]))]]);
    expect(planImport(read, existing).map((line) => line.action)).toEqual(['unchanged']);
  });

  it('lists the fields an update changes', async () => {
    const existing = stored(createdOf(planImport(await readCsv(shirtRows()), new Map())[0]));
    const rows = shirtRows().map((row): Row => ({ ...row, 'Variant Price': '39.99' }));
    rows[0] = { ...rows[0], Title: 'Linen Shirt II', Tags: 'Linen', Status: 'archived' };
    rows[1] = { ...rows[1], 'Variant Inventory Qty': '9', 'Variant SKU': 'NEW-SKU' };
    rows.push(variant('L', 'Sage', { 'Variant Price': '39.99' }), variant('S', 'Red', { 'Variant Price': '39.99' }));
    const line = planImport(await readCsv(rows), new Map([['linen-shirt', existing]]))[0];
    expect(line?.action).toBe('update');
    expect(line?.action === 'update' && line.changes).toEqual([
      M.changeName,
      M.changeTags,
      M.changeStatus,
      M.changePrice,
      M.changeNewSize('L'),
      M.changeSku('Sage', 'M'),
      M.changeStock('Sage', 'M'),
      M.changeNewColour('Red'),
    ]);
    expect(M.changeStock('Sage', 'M')).toBe('stock Sage / M');
  });

  it('keeps what the file leaves out: category, status, short description, swatch, gallery, SKU and stock', async () => {
    const existing = stored(createdOf(planImport(await readCsv(shirtRows()), new Map())[0]));
    existing.colours[0] = { ...existing.colours[0]!, swatch: '#123456' };
    const columns = COLUMNS.filter(
      (column) => ![COLUMN.shortDescription, COLUMN.category, 'Variant SKU', 'Status', 'Published'].includes(column),
    );
    const rows = shirtRows().map((row) => ({
      ...row,
      'Variant Inventory Qty': '',
      'Image Src': '',
      'Variant Image': '',
    }));
    const line = planImport(await readCsv(rows, columns), new Map([['linen-shirt', existing]]))[0];
    expect(line?.action).toBe('unchanged');
    const product = line?.action === 'unchanged' ? line.product : undefined;
    expect(product).toMatchObject({ category: 'men', status: 'published', shortDescription: 'A summer shirt' });
    expect(product?.colours[0]).toMatchObject({
      swatch: '#123456',
      images: existing.colours[0]?.images,
      sizes: [
        { size: 'S', sku: 'LS-SAGE-S', quantity: null },
        { size: 'M', sku: 'LS-SAGE-M', quantity: null },
      ],
    });
  });

  it('matches colours and sizes in any case, and leaves colours and sizes the file omits alone', async () => {
    const existing = stored(createdOf(planImport(await readCsv(shirtRows()), new Map())[0]));
    existing.colours.push({
      name: 'Black',
      swatch: '#111111',
      images: [],
      sizes: [
        { size: 'S', sku: '', quantity: 1 },
        { size: 'M', sku: '', quantity: 1 },
      ],
    });
    const rows = [{ ...shirtRows()[0]!, 'Option1 Value': 's' }, shirtRows()[1]!, shirtRows()[2]!, shirtRows()[3]!];
    const unchanged = planImport(await readCsv(rows), new Map([['linen-shirt', existing]]))[0];
    expect(unchanged?.action).toBe('unchanged');
    expect(unchanged?.action === 'unchanged' && unchanged.product.colours.map((colour) => colour.name)).toEqual([
      'Sage',
      'Navy',
    ]);

    const renamed = shirtRows().map((row) => ({
      ...row,
      'Option2 Value': row['Option2 Value'] === 'Navy' ? 'NAVY' : (row['Option2 Value'] ?? ''),
    }));
    const line = planImport(await readCsv(renamed), new Map([['linen-shirt', existing]]))[0];
    expect(line?.action === 'update' && line.changes).toEqual([M.changeColourName('NAVY')]);
  });

  it('counts a tidier description as no change, and a different one as a change', async () => {
    const existing = stored(createdOf(planImport(await readCsv(shirtRows()), new Map())[0]));
    const read = await readCsv(shirtRows());
    const untidy = { ...existing, bodyText: '  Soft   &   light.  ' };
    expect(planImport(read, new Map([['linen-shirt', untidy]]))[0]?.action).toBe('unchanged');
    const other = { ...existing, bodyText: 'Heavy.' };
    const line = planImport(read, new Map([['linen-shirt', other]]))[0];
    expect(line?.action === 'update' && line.changes).toEqual([M.changeDescription]);
  });

  it(`refuses an update that would take a product past ${MAX_PRODUCT_COLOURS} colours`, async () => {
    const existing = stored(createdOf(planImport(await readCsv(shirtRows()), new Map())[0]));
    for (let index = existing.colours.length; index < MAX_PRODUCT_COLOURS; index += 1) {
      existing.colours.push({ name: `Old ${index}`, swatch: '#111111', images: [], sizes: [] });
    }
    const rows = [...shirtRows(), variant('S', 'Brand New')];
    expect(planImport(await readCsv(rows), new Map([['linen-shirt', existing]]))).toEqual([
      {
        action: 'refuse',
        handle: 'linen-shirt',
        firstLine: 2,
        reasons: [
          {
            line: 2,
            column: 'Option2 Value',
            message: M.colourLimitWithShop(MAX_PRODUCT_COLOURS, 1, MAX_PRODUCT_COLOURS),
          },
        ],
      },
    ]);
  });
});
