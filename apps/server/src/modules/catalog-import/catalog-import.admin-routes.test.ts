import { readFileSync } from 'node:fs';
import {
  ADMIN_CATALOG_MESSAGES as A,
  CATALOG_IMPORT_MESSAGES as M,
  CatalogImportAnswerSchema,
  CatalogImportLinesPageSchema,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  type CatalogImport,
  type CatalogImportLine,
} from '@shopper/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import {
  auditLog,
  catalogImportLines,
  catalogImports,
  productColours,
  productImages,
  products,
  productSizes,
  stockMovements,
} from '../../db/schema.ts';
import { DEMO_PRODUCTS } from '../../db/seed/demo-products.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { startImageServer, type ImageServer } from '../../test/image-server.ts';
import { importRunnerOn } from '../../test/import-runner-factory.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { assertShopInvariants } from '../../test/shop-invariants.ts';
import { backOfficeCast, type BackOfficeCast, guardAnswers, signUpStaff } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { CatalogCsvProduct } from './catalog-csv-product.ts';
import { exportCatalogCsv } from './catalog-export.ts';

const PUBLIC_URL = 'https://shop.example';
const FIXTURE = new URL('./fixtures/shopify-products.csv', import.meta.url);

let t: TestApp;
let cast: BackOfficeCast;
let pictures: ImageServer;

beforeAll(async () => {
  [t, pictures] = await Promise.all([
    // The test's picture server listens on loopback, which the import otherwise never fetches from.
    createTestApp({ PUBLIC_URL, CATALOG_IMPORT_PRIVATE_NETWORKS: '127.0.0.1/32' }),
    startImageServer(),
  ]);
  cast = await backOfficeCast(t.app, t.database);
});
afterAll(async () => {
  await t.close();
  await pictures.close();
});

type Shop = Pick<TestApp, 'app' | 'database'>;
type Headers = Record<string, string>;

/** A browser's form: the optional default category first, then the file. */
function form(
  file: string | Buffer,
  { defaultCategory, fileName = 'products.csv' } = {} as {
    defaultCategory?: string;
    fileName?: string;
  },
) {
  const boundary = `----shopper${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (defaultCategory !== undefined) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="defaultCategory"\r\n\r\n${defaultCategory}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: text/csv\r\n\r\n`,
    ),
    typeof file === 'string' ? Buffer.from(file) : file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(shop: Shop, headers: Headers, file: string | Buffer, options?: Parameters<typeof form>[1]) {
  const body = form(file, options);
  return shop.app.inject({
    method: 'POST',
    url: '/api/admin/catalog-import',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** The dry run of a file, expected to be planned. */
async function plan(
  file: string | Buffer,
  options?: Parameters<typeof form>[1],
  shop: Shop = t,
  headers: Headers = cast.staff.headers,
): Promise<CatalogImport> {
  const response = await upload(shop, headers, file, options);
  expect(response.statusCode, response.body).toBe(201);
  const job = CatalogImportAnswerSchema.parse(response.json()).import;
  expect(job.status).toBe('planned');
  return job;
}

async function jobOf(id: string, shop: Shop = t, headers: Headers = cast.staff.headers): Promise<CatalogImport> {
  const response = await shop.app.inject({ method: 'GET', url: `/api/admin/catalog-import/${id}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return CatalogImportAnswerSchema.parse(response.json()).import;
}

/** Every line of the report, page by page. */
async function linesOf(
  id: string,
  shop: Shop = t,
  headers: Headers = cast.staff.headers,
): Promise<CatalogImportLine[]> {
  const lines: CatalogImportLine[] = [];
  for (let page = 1; ; page += 1) {
    const response = await shop.app.inject({
      method: 'GET',
      url: `/api/admin/catalog-import/${id}/lines?page=${page}&pageSize=100`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = CatalogImportLinesPageSchema.parse(response.json());
    lines.push(...answer.items);
    if (lines.length >= answer.total || answer.items.length === 0) return lines;
  }
}

/**
 * Applies a planned job and polls it as the back office does until it stops applying. Every poll is
 * a request of its own, answered while the runner works.
 */
async function apply(id: string, shop: Shop = t, headers: Headers = cast.staff.headers): Promise<CatalogImport> {
  const started = await shop.app.inject({ method: 'POST', url: `/api/admin/catalog-import/${id}/apply`, headers });
  expect(started.statusCode, started.body).toBe(202);
  expect(CatalogImportAnswerSchema.parse(started.json()).import.status).toBe('applying');
  for (;;) {
    const job = await jobOf(id, shop, headers);
    if (job.status !== 'applying') return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function exported(shop: Shop = t, headers: Headers = cast.staff.headers): Promise<string> {
  const response = await shop.app.inject({ method: 'GET', url: '/api/admin/products/export.csv', headers });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toBe('attachment; filename="products.csv"');
  return response.body;
}

async function allowHosts(hosts: string[], shop: Shop = t, headers: Headers = cast.owner.headers): Promise<void> {
  const response = await shop.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers,
    payload: { lowStockThreshold: 5, importImageHosts: hosts },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Rows of what an import may write; equal before and after means nothing was written. */
async function catalogRows(database: DatabaseHandle = t.database) {
  const { db } = database;
  const [[p], [c], [v], [m], [i], [a]] = await Promise.all([
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(productColours),
    db.select({ n: count() }).from(productSizes),
    db.select({ n: count() }).from(stockMovements),
    db.select({ n: count() }).from(productImages),
    db.select({ n: count() }).from(auditLog),
  ]);
  return {
    products: p?.n ?? 0,
    colours: c?.n ?? 0,
    variants: v?.n ?? 0,
    movements: m?.n ?? 0,
    images: i?.n ?? 0,
    audit: a?.n ?? 0,
  };
}

async function productBySlug(slug: string, database: DatabaseHandle = t.database) {
  const [row] = await database.db.select().from(products).where(eq(products.slug, slug));
  if (!row) throw new Error(`no product ${slug}`);
  const colours = await database.db
    .select()
    .from(productColours)
    .where(eq(productColours.productId, row.id))
    .orderBy(asc(productColours.position));
  const variants = await database.db.select().from(productSizes).where(eq(productSizes.productId, row.id));
  const stockOf = (colour: string, size: string) => {
    const colourId = colours.find((c) => c.name === colour)?.id;
    return variants.find((v) => v.colourId === colourId && v.size === size)?.stock;
  };
  return { row, colours, variants, stockOf };
}

let sequence = 0;
/** A product in the file's terms: one colour, sizes S and M. */
function csvProduct(overrides: Partial<CatalogCsvProduct> = {}): CatalogCsvProduct {
  sequence += 1;
  return {
    handle: `import-tee-${sequence}`,
    name: `Import Tee ${sequence}`,
    bodyText: 'A soft tee.\nMade of cotton.',
    shortDescription: 'A soft tee',
    brand: 'Filewear',
    category: 'men',
    types: ['T-shirts'],
    tags: ['cotton'],
    status: 'published',
    priceCents: 2500,
    salePriceCents: null,
    colours: [
      {
        name: 'Navy',
        swatch: '#1f2a44',
        images: [],
        sizes: [
          { size: 'S', sku: '', quantity: 4 },
          { size: 'M', sku: '', quantity: 6 },
        ],
      },
    ],
    ...overrides,
  };
}

describe('the dry run', () => {
  it('writes nothing of the catalog and reports each product by line', async () => {
    const [kept, changed] = await insertProducts(t.database.db, [
      buildProduct({ slug: 'dry-kept', name: 'Dry Kept' }),
      buildProduct({ slug: 'dry-changed', name: 'Dry Changed' }),
    ]);
    expect(kept && changed).toBeTruthy();
    // The shop's own export of the two, with one price changed, a new product and a refused one.
    const lines = (await exported()).split('\n');
    const header = lines[0] ?? '';
    const ofHandle = (handle: string) => lines.filter((line) => line.startsWith(`${handle},`));
    const changedRows = ofHandle('dry-changed').map((line) => line.replace(',50.00,', ',45.00,'));
    const fresh = exportCatalogCsv([csvProduct({ handle: 'dry-new', name: 'Dry New' })])
      .split('\n')
      .slice(1, -1);
    const refused = exportCatalogCsv([csvProduct({ handle: 'dry-refused', name: 'Dry Refused', priceCents: 1 })])
      .split('\n')
      .slice(1, -1)
      .map((line) => line.replace(',0.01,', ',free,'));
    const file = [header, ...ofHandle('dry-kept'), ...changedRows, ...fresh, ...refused, ''].join('\n');
    const before = await catalogRows();

    const job = await plan(file, { fileName: 'spring.csv' });
    expect(job).toMatchObject({
      fileName: 'spring.csv',
      totalProducts: 4,
      doneProducts: 0,
      created: 1,
      updated: 1,
      unchanged: 1,
      refused: 1,
      startedAt: null,
    });
    expect(await catalogRows()).toEqual(before);

    const report = await linesOf(job.id);
    expect(report.map(({ handle, action, firstLine, state }) => ({ handle, action, firstLine, state }))).toEqual([
      { handle: 'dry-kept', action: 'unchanged', firstLine: 2, state: 'planned' },
      { handle: 'dry-changed', action: 'update', firstLine: 4, state: 'planned' },
      { handle: 'dry-new', action: 'create', firstLine: 6, state: 'planned' },
      { handle: 'dry-refused', action: 'refuse', firstLine: 8, state: 'planned' },
    ]);
    expect(report[1]?.changes).toEqual([M.changePrice]);
    expect(report[2]?.name).toBe('Dry New');
    expect(report[3]).toMatchObject({
      name: 'Dry Refused',
      outcome: null,
    });
    expect(report[3]?.reasons[0]).toEqual({ line: 8, column: 'Variant Price', message: A.priceInvalid });

    const created = await t.app.inject({
      method: 'GET',
      url: `/api/admin/catalog-import/${job.id}/lines?action=create`,
      headers: cast.staff.headers,
    });
    expect(CatalogImportLinesPageSchema.parse(created.json())).toMatchObject({
      total: 1,
      items: [{ handle: 'dry-new' }],
    });
  });

  it('opens only to staff and owners', async () => {
    const job = await plan(exportCatalogCsv([csvProduct()]));
    const body = form(exportCatalogCsv([csvProduct()]));
    const staffRoute = 'staff' as const;
    for (const request of [
      { method: 'POST' as const, url: '/api/admin/catalog-import', payload: body.payload },
      { method: 'GET' as const, url: `/api/admin/catalog-import/${job.id}` },
      { method: 'GET' as const, url: `/api/admin/catalog-import/${job.id}/lines` },
      { method: 'POST' as const, url: `/api/admin/catalog-import/${job.id}/apply` },
      { method: 'GET' as const, url: '/api/admin/products/export.csv' },
    ]) {
      expect(await guardAnswers(t.app, cast, request, staffRoute), request.url).toEqual({ guest: 401, customer: 403 });
    }
    expect((await jobOf(job.id)).status).toBe('planned');
  });

  it('answers 404 for an import that does not exist, and 400 for a bad report query', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-job']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/catalog-import/${id}`,
        headers: cast.staff.headers,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(M.importNotFound);
      const applied = await t.app.inject({
        method: 'POST',
        url: `/api/admin/catalog-import/${id}/apply`,
        headers: cast.staff.headers,
      });
      expect(applied.statusCode).toBe(404);
    }
    const job = await plan(exportCatalogCsv([csvProduct()]));
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/admin/catalog-import/${job.id}/lines?action=delete&pageSize=1000`,
      headers: cast.staff.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('hostile files', () => {
  const header = 'Handle,Title,Vendor,Variant Price\n';

  it.each([
    [
      'wrong encoding',
      Buffer.concat([Buffer.from(`${header}cafe,Caf`), Buffer.from([0xe9]), Buffer.from(',Brand,10\n')]),
      M.notUtf8(2),
    ],
    ['unbalanced quotes', `${header}tee,"Tee,Brand,10\nshirt,Shirt,Brand,12\n`, M.quoteNotClosed(2)],
    [
      '100,000 columns',
      `${Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(',')}\n`,
      M.tooManyColumns(MAX_IMPORT_COLUMNS),
    ],
    ['a cell too many', `${header}tee,Tee,Brand,10,extra\n`, M.wrongCellCount(2, 4, 5)],
    ['no header columns it needs', 'Handle,Title\ntee,Tee\n', M.missingColumns(['Vendor', 'Variant Price'])],
    ['an empty file', '', M.fileEmpty],
    [
      'too many rows',
      `${header}${Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `t${i},T,B,1`).join('\n')}\n`,
      M.tooManyRows(MAX_IMPORT_ROWS),
    ],
  ])('refuses %s with its message and stores nothing', async (_name, file, message) => {
    const before = await catalogRows();
    const [jobsBefore] = await t.database.db.select({ n: count() }).from(catalogImports);
    const response = await upload(t, cast.staff.headers, file);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ message, errors: [{ param: 'file', msg: message }] });
    expect(await catalogRows()).toEqual(before);
    expect((await t.database.db.select({ n: count() }).from(catalogImports))[0]).toEqual(jobsBefore);
  });

  it('refuses a file of 50 MB as too large, never with a 5xx', async () => {
    const row = 'tee,Tee,Brand,10\n';
    const big = Buffer.concat([Buffer.from(header), Buffer.alloc(50 * 1024 * 1024, row)]);
    const response = await upload(t, cast.staff.headers, big);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(M.fileTooLarge(20));
  });

  it('refuses a request without a file, and an unknown default category', async () => {
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/admin/catalog-import',
      headers: cast.staff.headers,
      payload: { file: 'Handle' },
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toBe(M.fileMissing);
    const category = await upload(t, cast.staff.headers, exportCatalogCsv([csvProduct()]), { defaultCategory: 'pets' });
    expect(category.statusCode).toBe(400);
    expect(category.json()).toMatchObject({ errors: [{ param: 'defaultCategory', msg: A.categoryInvalid }] });
  });

  it('refuses a product whose cell would run as a formula, naming its line and column', async () => {
    const before = await catalogRows();
    const file = `Handle,Title,Vendor,Variant Price\nformula-tee,"=HYPERLINK(""https://evil.example"")",Brand,10\n`;
    const job = await plan(file, { defaultCategory: 'men' });
    expect(job).toMatchObject({ refused: 1, created: 0 });
    expect((await linesOf(job.id))[0]).toMatchObject({
      action: 'refuse',
      reasons: [{ line: 2, column: 'Title', message: M.formulaCell }],
    });
    expect(await apply(job.id)).toMatchObject({ status: 'done', created: 0, doneProducts: 1 });
    expect(await catalogRows()).toEqual(before);
  });
});

describe('applying an import', () => {
  it('creates and updates products, writes the ledger as imports of the job, audits each, and a second run changes nothing', async () => {
    const [existingId] = await insertProducts(t.database.db, [
      buildProduct({
        slug: 'apply-existing',
        name: 'Apply Existing',
        colours: [
          {
            name: 'Sage',
            swatch: '#9caf88',
            images: [],
            sizes: [
              { size: 'S', stock: 2 },
              { size: 'M', stock: 3 },
            ],
          },
          {
            name: 'Black',
            swatch: '#111111',
            images: [],
            sizes: [
              { size: 'S', stock: 1 },
              { size: 'M', stock: 1 },
            ],
          },
        ],
      }),
    ]);
    const file = exportCatalogCsv([
      csvProduct({ handle: 'apply-new', name: 'Apply New', salePriceCents: 1999 }),
      {
        ...csvProduct({ handle: 'apply-existing', name: 'Apply Existing', priceCents: 5000 }),
        // Sage's stock changes and it gains size L; Black is not in the file; Moss is new.
        colours: [
          {
            name: 'Sage',
            swatch: '#9caf88',
            images: [],
            sizes: [
              { size: 'S', sku: 'AE-SAGE-S', quantity: 10 },
              { size: 'M', sku: '', quantity: 3 },
              { size: 'L', sku: '', quantity: 5 },
            ],
          },
          {
            name: 'Moss',
            swatch: '#4a5d23',
            images: [],
            sizes: [
              { size: 'S', sku: '', quantity: 0 },
              { size: 'M', sku: '', quantity: 7 },
              { size: 'L', sku: '', quantity: 0 },
            ],
          },
        ],
      },
    ]);
    const job = await plan(file);
    expect(job).toMatchObject({ created: 1, updated: 1 });
    const done = await apply(job.id);
    expect(done).toMatchObject({
      status: 'done',
      totalProducts: 2,
      doneProducts: 2,
      created: 1,
      updated: 1,
      error: null,
    });
    expect(done.finishedAt).not.toBeNull();

    const fresh = await productBySlug('apply-new');
    expect(fresh.row).toMatchObject({ name: 'Apply New', priceCents: 2500, salePriceCents: 1999, status: 'published' });
    expect(fresh.colours.map((c) => [c.name, c.swatch])).toEqual([['Navy', '#1f2a44']]);
    expect([fresh.stockOf('Navy', 'S'), fresh.stockOf('Navy', 'M')]).toEqual([4, 6]);

    const updated = await productBySlug('apply-existing');
    expect(updated.row.id).toBe(existingId);
    expect(updated.colours.map((c) => c.name)).toEqual(['Sage', 'Black', 'Moss']);
    expect([updated.stockOf('Sage', 'S'), updated.stockOf('Sage', 'M'), updated.stockOf('Sage', 'L')]).toEqual([
      10, 3, 5,
    ]);
    // A size new to the product fills the grid of the colour the file leaves out, at 0.
    expect([updated.stockOf('Black', 'S'), updated.stockOf('Black', 'L')]).toEqual([1, 0]);
    expect(updated.stockOf('Moss', 'M')).toBe(7);
    expect(updated.variants.find((v) => v.size === 'S' && v.colourId === updated.colours[0]?.id)?.sku).toBe(
      'AE-SAGE-S',
    );

    const report = await linesOf(job.id);
    expect(report.map((line) => [line.handle, line.state, line.outcome?.stockDelta])).toEqual([
      ['apply-existing', 'done', 8 + 5 + 7],
      ['apply-new', 'done', 10],
    ]);

    const movements = await t.database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, existingId!), eq(stockMovements.note, `import ${job.id}`)));
    expect(movements.length).toBe(3);
    expect(movements.every((m) => m.reason === 'import' && m.actorId === cast.staff.userId)).toBe(true);
    expect(movements.map((m) => m.delta).sort((a, b) => a - b)).toEqual([5, 7, 8]);

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.import'), eq(auditLog.entityId, existingId!)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: cast.staff.userId, before: { price: 50 }, after: { price: 50 } });
    expect((audits[0]?.after as { colours: unknown[] }).colours).toHaveLength(3);
    await assertShopInvariants(t.database.db, 'an import');

    // The same file again: all unchanged, and applying it writes nothing.
    const before = await catalogRows();
    const again = await plan(file);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect(await apply(again.id)).toMatchObject({ status: 'done', doneProducts: 2 });
    expect(await catalogRows()).toEqual(before);

    // A job is applied once.
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/admin/catalog-import/${job.id}/apply`,
      headers: cast.staff.headers,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(M.importNotPlanned);
  });

  it('refuses to apply while another import is applying', async () => {
    const holder = await plan(exportCatalogCsv([csvProduct()]));
    const waiting = await plan(exportCatalogCsv([csvProduct()]));
    // As if another instance held the first one.
    await t.database.db
      .update(catalogImports)
      .set({ status: 'applying', leaseUntil: new Date(Date.now() + 60 * 60_000) })
      .where(eq(catalogImports.id, holder.id));
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/catalog-import/${waiting.id}/apply`,
      headers: cast.staff.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.importAnotherApplying);
    expect((await jobOf(waiting.id)).status).toBe('planned');
    await t.database.db
      .update(catalogImports)
      .set({ status: 'failed', leaseUntil: null })
      .where(eq(catalogImports.id, holder.id));
    expect(await apply(waiting.id)).toMatchObject({ status: 'done', created: 1 });
  });

  it('fetches pictures from allowed hosts only, follows redirects only to them, and keeps them on a second run', async () => {
    await allowHosts([pictures.origin]);
    const front = pictures.url('pic-front');
    const back = pictures.url('pic-back');
    const elsewhere = 'https://pictures.elsewhere.example/pic.png';
    const drawing = `${PUBLIC_URL}/images/products/tshirt-1f4e79-front.svg`;
    const file = exportCatalogCsv([
      csvProduct({
        handle: 'pictured-tee',
        colours: [
          {
            name: 'Navy',
            swatch: '#1f2a44',
            images: [
              front,
              pictures.redirect(back),
              elsewhere,
              pictures.redirect(elsewhere),
              pictures.url('gone').replace('/pictures/', '/missing/'),
            ],
            sizes: [{ size: 'M', sku: '', quantity: 1 }],
          },
          { name: 'Ink', swatch: '#1f4e79', images: [drawing], sizes: [{ size: 'M', sku: '', quantity: 1 }] },
        ],
      }),
    ]);
    const job = await plan(file);
    const done = await apply(job.id);
    expect(done).toMatchObject({ status: 'done', imagesFetched: 2, imagesSkipped: 3 });
    const [line] = await linesOf(job.id);
    expect(line?.outcome).toEqual({
      stockDelta: 2,
      imagesFetched: 2,
      imagesSkipped: [
        { url: elsewhere, reason: M.imageHostNotAllowed },
        { url: pictures.redirect(elsewhere), reason: M.imageRedirectNotAllowed },
        { url: pictures.url('gone').replace('/pictures/', '/missing/'), reason: M.imageAnswered(404) },
      ],
    });

    const { row, colours } = await productBySlug('pictured-tee');
    expect(colours[0]?.images).toHaveLength(2);
    expect(colours[0]?.images.every((url) => url.startsWith('/images/uploads/'))).toBe(true);
    expect(colours[1]?.images).toEqual(['/images/products/tshirt-1f4e79-front.svg']);
    const stored = await t.database.db.select().from(productImages).where(eq(productImages.productId, row.id));
    expect(stored.map((image) => image.sourceUrl).sort()).toEqual([front, pictures.redirect(back)].sort());

    // Exported under the addresses they came from; imported again, nothing is fetched.
    const csv = await exported();
    expect(csv).toContain(front);
    expect(csv).toContain(drawing);
    const served = new Map(pictures.served);
    const again = await plan(file);
    const applied = await apply(again.id);
    expect(applied.imagesFetched).toBe(0);
    expect(pictures.served).toEqual(served);
  });

  it('imports the Shopify fixture of 30 products', async () => {
    const before = await catalogRows();
    const job = await plan(readFileSync(FIXTURE), { defaultCategory: 'women', fileName: 'shopify-products.csv' });
    expect(job.totalProducts).toBe(30);
    const done = await apply(job.id);
    expect(done).toMatchObject({ status: 'done', doneProducts: 30 });
    const report = await linesOf(job.id);
    const created = report.filter((line) => line.action === 'create');
    expect(created.length).toBe(done.created);
    expect(created.length).toBeGreaterThan(20);
    expect(report.filter((line) => line.state === 'failed')).toEqual([]);
    for (const line of created) expect((await productBySlug(line.handle)).row.name).toBe(line.name);
    expect((await catalogRows()).products).toBe(before.products + created.length);
    await assertShopInvariants(t.database.db, 'the fixture');
  });
});

describe('the runner on every instance', () => {
  it('resumes a job whose lease ran out at the first product not done, and the sweep deletes jobs after 30 days', async () => {
    const file = exportCatalogCsv([
      csvProduct({ handle: 'lease-a' }),
      csvProduct({ handle: 'lease-b' }),
      csvProduct({ handle: 'lease-c' }),
    ]);
    const job = await plan(file);
    const lines = await linesOf(job.id);
    // As if an instance took the job, wrote its first product, and stopped for good with the lease held.
    const heldUntil = new Date(Date.now() + 5 * 60_000);
    await t.database.db
      .update(catalogImports)
      .set({ status: 'applying', actorId: cast.staff.userId, leaseUntil: heldUntil, doneProducts: 1 })
      .where(eq(catalogImports.id, job.id));
    await t.database.db
      .update(catalogImportLines)
      .set({ state: 'done', outcome: { stockDelta: 0, imagesFetched: 0, imagesSkipped: [] } })
      .where(and(eq(catalogImportLines.importId, job.id), eq(catalogImportLines.position, lines[0]!.position)));

    expect(await importRunnerOn(t.database, () => new Date(), PUBLIC_URL).runOnce()).toBe(false);
    expect((await jobOf(job.id)).status).toBe('applying');
    const later = importRunnerOn(t.database, () => new Date(heldUntil.getTime() + 1_000), PUBLIC_URL);
    expect(await later.runOnce()).toBe(true);
    expect(await jobOf(job.id)).toMatchObject({ status: 'done', doneProducts: 3 });
    const [skipped] = await t.database.db.select().from(products).where(eq(products.slug, 'lease-a'));
    expect(skipped).toBeUndefined();
    expect((await productBySlug('lease-b')).row.name).toBe(lines[1]?.name);
    expect((await productBySlug('lease-c')).row.name).toBe(lines[2]?.name);

    const monthLater = importRunnerOn(t.database, () => new Date(Date.now() + 31 * 24 * 60 * 60_000), PUBLIC_URL);
    expect(await monthLater.runOnce()).toBe(false);
    const left = await t.database.db.select({ id: catalogImports.id }).from(catalogImports);
    expect(left).toEqual([]);
    const notFound = await t.app.inject({
      method: 'GET',
      url: `/api/admin/catalog-import/${job.id}`,
      headers: cast.staff.headers,
    });
    expect(notFound.statusCode).toBe(404);
  });
});

describe('a large file', () => {
  it(
    'answers every request while 5,000 rows are planned and applied, and polls to done',
    { timeout: 240_000 },
    async () => {
      const sizes = ['XS', 'S', 'M', 'L', 'XL'];
      const many = Array.from({ length: 500 }, (_, index) =>
        csvProduct({
          handle: `bulk-${String(index).padStart(4, '0')}`,
          name: `Bulk ${index}`,
          colours: ['Navy', 'Sand'].map((name) => ({
            name,
            swatch: name === 'Navy' ? '#1f2a44' : '#d6c4a0',
            images: [],
            sizes: sizes.map((size) => ({ size, sku: `B${index}-${name}-${size}`, quantity: index % 7 })),
          })),
        }),
      );
      const file = exportCatalogCsv(many);
      expect(file.trimEnd().split('\n')).toHaveLength(5_001);
      const job = await plan(file);
      expect(job).toMatchObject({ totalProducts: 500, created: 500 });
      const done = await apply(job.id);
      expect(done).toMatchObject({ status: 'done', doneProducts: 500, created: 500 });
      const [variants] = await t.database.db
        .select({ n: count() })
        .from(productSizes)
        .innerJoin(products, eq(products.id, productSizes.productId))
        .where(eq(products.brand, 'Filewear'));
      expect(variants?.n).toBeGreaterThanOrEqual(5_000);
      await assertShopInvariants(t.database.db, 'the large import');
    },
  );
});

describe('the export', () => {
  it('leaves hidden colours out and names the shop’s own pictures by their address here', async () => {
    const [id] = await insertProducts(t.database.db, [
      buildProduct({
        slug: 'export-hidden',
        colours: [
          {
            name: 'Shown',
            swatch: '#111111',
            images: ['/images/products/tshirt-111111-front.svg'],
            sizes: [{ size: 'M', stock: 1 }],
          },
          { name: 'Gone', swatch: '#ffffff', images: [], sizes: [{ size: 'M', stock: 2 }] },
        ],
      }),
    ]);
    await t.database.db
      .update(productColours)
      .set({ hiddenAt: new Date() })
      .where(and(eq(productColours.productId, id!), eq(productColours.name, 'Gone')));
    const rows = (await exported()).split('\n').filter((line) => line.startsWith('export-hidden,'));
    // Sizes S and M of the colour shown; the hidden one has no row.
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain(`${PUBLIC_URL}/images/products/tshirt-111111-front.svg`);
    expect(rows.join('\n')).toContain('Shown');
    expect(rows.join('\n')).not.toContain('Gone');
  });
});

describe('the round trip', () => {
  it(
    'exports, imports into another shop with the same address and exports the same bytes',
    { timeout: 240_000 },
    async () => {
      const [first, second] = await Promise.all([
        createTestApp({ PUBLIC_URL, CATALOG_IMPORT_PRIVATE_NETWORKS: '127.0.0.1/32' }),
        createTestApp({ PUBLIC_URL, CATALOG_IMPORT_PRIVATE_NETWORKS: '127.0.0.1/32' }),
      ]);
      try {
        const [ownerA, ownerB] = await Promise.all([
          signUpStaff(first.app, first.database, 'owner'),
          signUpStaff(second.app, second.database, 'owner'),
        ]);
        await insertProducts(first.database.db, DEMO_PRODUCTS);
        await allowHosts([pictures.origin], first, ownerA.headers);
        await allowHosts([pictures.origin], second, ownerB.headers);
        // A product whose pictures were imported, in two colours.
        const imported = await plan(
          exportCatalogCsv([
            csvProduct({
              handle: 'round-trip-shirt',
              colours: [
                {
                  name: 'Sage',
                  swatch: '#9caf88',
                  images: [pictures.url('rt-sage-front'), pictures.url('rt-sage-back')],
                  sizes: [
                    { size: 'S', sku: 'RT-S', quantity: 3 },
                    { size: 'M', sku: 'RT-M', quantity: 0 },
                  ],
                },
                {
                  name: 'Navy',
                  swatch: '#1f2a44',
                  images: [pictures.url('rt-navy-front')],
                  sizes: [
                    { size: 'S', sku: '', quantity: 1 },
                    { size: 'M', sku: '', quantity: 2 },
                  ],
                },
              ],
            }),
          ]),
          {},
          first,
          ownerA.headers,
        );
        expect(await apply(imported.id, first, ownerA.headers)).toMatchObject({ status: 'done', imagesFetched: 3 });

        const once = await exported(first, ownerA.headers);
        const job = await plan(once, {}, second, ownerB.headers);
        expect(job).toMatchObject({ refused: 0, created: DEMO_PRODUCTS.length + 1 });
        expect(await apply(job.id, second, ownerB.headers)).toMatchObject({
          status: 'done',
          imagesFetched: 3,
          imagesSkipped: 0,
        });
        const twice = await exported(second, ownerB.headers);
        expect(twice).toBe(once);
        await assertShopInvariants(second.database.db, 'the round trip');
      } finally {
        await Promise.all([first.close(), second.close()]);
      }
    },
  );
});
