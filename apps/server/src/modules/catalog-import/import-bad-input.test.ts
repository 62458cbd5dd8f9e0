import {
  ADMIN_CATALOG_MESSAGES as A,
  ADMIN_MESSAGES,
  CATALOG_IMPORT_MESSAGES as M,
  CatalogImportAnswerSchema,
  CatalogImportLinesPageSchema,
  MAX_PRODUCT_COLOURS,
  STOCK_QUANTITY_MAX,
  type CatalogImport,
  type CatalogImportLine,
} from '@shopper/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productColours, products } from '../../db/schema.ts';
import { backOfficeCast, type BackOfficeCast } from '../../test/staff-factory.ts';
import { createTestApp, RELAXED_RATE_LIMITS, type TestApp } from '../../test/test-app.ts';

// Files an attacker or a careless spreadsheet would send: each answer is a clear refusal naming the
// line and column, never a 500, and the dry run says what the apply will do.

let t: TestApp;
let cast: BackOfficeCast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await backOfficeCast(t.app, t.database);
});
afterAll(() => t.close());

const HEADER =
  'Handle,Title,Vendor,Type,Tags,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant Price,Variant Inventory Qty,Image Src,Category (product.metafields.shopper.category)';
const row = (cells: {
  handle: string;
  title?: string;
  size?: string;
  colour?: string;
  qty?: string;
  image?: string;
  sizeName?: string;
}) =>
  [
    cells.handle,
    cells.title ?? 'Linen Shirt',
    'Acme',
    'Shirts',
    '',
    cells.sizeName ?? 'Size',
    cells.size ?? 'M',
    'Colour',
    cells.colour ?? 'Red',
    '40.00',
    cells.qty ?? '3',
    cells.image ?? '',
    'men',
  ].join(',');
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');

function form(file: string) {
  const boundary = `----shopper${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="p.csv"\r\ncontent-type: text/csv\r\n\r\n`,
    ),
    Buffer.from(file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (file: string) => {
  const body = form(file);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/catalog-import',
    headers: { ...cast.staff.headers, ...body.headers },
    payload: body.payload,
  });
};

async function plan(file: string): Promise<CatalogImport> {
  const response = await upload(file);
  expect(response.statusCode, response.body).toBe(201);
  return CatalogImportAnswerSchema.parse(response.json()).import;
}

async function linesOf(id: string): Promise<CatalogImportLine[]> {
  const response = await t.app.inject({
    url: `/api/admin/catalog-import/${id}/lines?page=1&pageSize=100`,
    headers: cast.staff.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return CatalogImportLinesPageSchema.parse(response.json()).items;
}

async function apply(id: string): Promise<CatalogImport> {
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/admin/catalog-import/${id}/apply`,
    headers: cast.staff.headers,
  });
  expect(started.statusCode, started.body).toBe(202);
  for (;;) {
    const response = await t.app.inject({ url: `/api/admin/catalog-import/${id}`, headers: cast.staff.headers });
    const job = CatalogImportAnswerSchema.parse(response.json()).import;
    if (job.status !== 'applying') return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function coloursOf(slug: string): Promise<string[]> {
  const [product] = await t.database.db.select().from(products).where(eq(products.slug, slug));
  if (!product) return [];
  const rows = await t.database.db
    .select()
    .from(productColours)
    .where(eq(productColours.productId, product.id))
    .orderBy(asc(productColours.position));
  return rows.map((colour) => colour.name);
}

describe('a NUL byte in the file', () => {
  it.each([
    ['a title', row({ handle: 'nul-title', title: 'Linen\u0000Shirt' }), 'Title'],
    ['a handle', row({ handle: 'nul-\u0000handle' }), 'Handle'],
    ['an option name', row({ handle: 'nul-option', sizeName: 'Si\u0000ze' }), 'Option1 Name'],
    ['a colour value', row({ handle: 'nul-colour', colour: 'Re\u0000d' }), 'Option2 Value'],
    ['an image address', row({ handle: 'nul-image', image: 'https://cdn.example/a\u0000.png' }), 'Image Src'],
  ])('in %s is refused with the line and the column, and nothing is stored', async (_what, bad, column) => {
    const response = await upload(csv(row({ handle: 'fine-shirt' }), bad));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: M.nulCharacter(3, column) });
  });
});

describe('names that read differently from how they are stored', () => {
  it('refuses text-direction controls in a product, colour or size name, in the editor and in the import', async () => {
    for (const [field, name] of [
      ['name', 'Shirt \u202eevil'],
      ['sizes', 'M\u2066'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/products',
        headers: cast.staff.headers,
        payload: {
          name: field === 'name' ? name : 'Plain Shirt',
          brand: 'Acme',
          category: 'men',
          price: 10,
          sizes: field === 'sizes' ? [name] : ['M'],
          colours: [{ name: 'Red\u202d', swatch: '#ff0000' }],
        },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(A.textDirectionControl);
    }
    const job = await plan(
      csv(
        row({ handle: 'bidi-title', title: 'Shirt \u202etxt.exe' }),
        row({ handle: 'bidi-colour', colour: 'Red\u2067' }),
        row({ handle: 'bidi-size', size: 'M\u202a' }),
      ),
    );
    expect(job.refused).toBe(3);
    const reasons = (await linesOf(job.id)).map((line) => line.reasons[0]);
    expect(reasons.map((reason) => [reason?.column, reason?.message])).toEqual([
      ['Title', A.textDirectionControl],
      ['Option2 Value', A.textDirectionControl],
      ['Option1 Value', A.textDirectionControl],
    ]);
  });
});

describe('the colour limit', () => {
  it('holds at the apply when two imports planned one after the other would pass it together', async () => {
    const colours = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) => row({ handle: 'many-colours', colour: `Shade ${from + index}` }));
    await apply((await plan(csv(...colours(1, 6)))).id);
    const first = await plan(csv(...colours(7, 6)));
    const second = await plan(csv(...colours(13, 3)));
    expect([first.updated, second.updated]).toEqual([1, 1]);
    expect((await apply(first.id)).updated).toBe(1);
    const late = await apply(second.id);
    expect(late.updated).toBe(0);
    const [line] = await linesOf(second.id);
    expect(line?.state).toBe('failed');
    expect(line?.outcome?.error).toBe(M.colourLimitWithShop(12, 3, MAX_PRODUCT_COLOURS));
    expect(await coloursOf('many-colours')).toHaveLength(MAX_PRODUCT_COLOURS);
  });

  it('says how many colours the shop already has when the file would pass the limit', async () => {
    const job = await plan(
      csv(...Array.from({ length: 2 }, (_, i) => row({ handle: 'many-colours', colour: `Extra ${i}` }))),
    );
    expect(job.refused).toBe(1);
    expect((await linesOf(job.id))[0]?.reasons[0]?.message).toBe(M.colourLimitWithShop(12, 2, MAX_PRODUCT_COLOURS));
  });
});

describe('stock the export writes is stock the import takes', () => {
  it('refuses a stock change that would pass the largest stock the import accepts', async () => {
    await apply((await plan(csv(row({ handle: 'deep-stock', qty: String(STOCK_QUANTITY_MAX - 5) })))).id);
    const [product] = await t.database.db.select().from(products).where(eq(products.slug, 'deep-stock'));
    const change = (delta: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/stock/adjustments',
        headers: cast.staff.headers,
        payload: { productId: product?.id, size: 'M', delta, reason: 'adjustment', note: 'delivery' },
      });
    const over = await change(STOCK_QUANTITY_MAX);
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json().message).toBe(ADMIN_MESSAGES.stockAboveMax('M', STOCK_QUANTITY_MAX - 5, STOCK_QUANTITY_MAX));
    expect((await change(5)).statusCode).toBe(200);

    const exported = await t.app.inject({ url: '/api/admin/products/export.csv', headers: cast.staff.headers });
    const again = await plan(exported.body);
    expect(again.refused).toBe(0);
  });
});

describe('case folding', () => {
  it('takes ΑΣ and ασ for one colour, as the database does, in the dry run and the apply alike', async () => {
    const job = await plan(
      csv(row({ handle: 'greek', colour: 'ΑΣ', size: 'S' }), row({ handle: 'greek', colour: 'ασ', size: 'M' })),
    );
    expect(job.created).toBe(1);
    const done = await apply(job.id);
    expect(done.created).toBe(1);
    expect(await coloursOf('greek')).toEqual(['ΑΣ']);
  });

  it('matches ΑΣ in the file to the shop’s ασ in the dry run and the apply alike', async () => {
    await apply((await plan(csv(row({ handle: 'greek-shop', colour: 'ασ' })))).id);
    const job = await plan(csv(row({ handle: 'greek-shop', colour: 'ΑΣ' })));
    expect(job).toMatchObject({ updated: 1, refused: 0 });
    const [line] = await linesOf(job.id);
    expect(line?.changes).toEqual([M.changeColourName('ΑΣ')]);
    const done = await apply(job.id);
    expect(done).toMatchObject({ status: 'done', updated: 1, refused: 0 });
    expect(await coloursOf('greek-shop')).toEqual(['ΑΣ']);
  });
});

describe('the report of a refused line', () => {
  it('keeps a bounded handle, however long the cell', async () => {
    const job = await plan(csv(row({ handle: 'X'.repeat(100_000) })));
    const [line] = await linesOf(job.id);
    expect(line?.action).toBe('refuse');
    expect(line?.handle.length).toBeLessThanOrEqual(121);
    expect(line?.handle.startsWith('XXXX')).toBe(true);
  });
});

describe('refusal messages that say what is wrong', () => {
  it('names the Handle, not the editor’s slug, when a handle cannot be a web address', async () => {
    const job = await plan(csv(row({ handle: 'My-Shirt' })));
    expect((await linesOf(job.id))[0]?.reasons[0]).toMatchObject({ column: 'Handle', message: M.handleInvalid });
  });

  it('says a Title option takes only Default Title, rather than that Title is unsupported', async () => {
    const file = [
      'Handle,Title,Vendor,Option1 Name,Option1 Value,Variant Price,Category (product.metafields.shopper.category)',
      'titled,Titled Shirt,Acme,Title,Blue,10.00,men',
    ].join('\n');
    const job = await plan(file);
    expect((await linesOf(job.id))[0]?.reasons[0]).toMatchObject({
      column: 'Option1 Value',
      message: M.titleOptionValue('Title'),
    });
  });
});

describe('how often one account may start imports', () => {
  it('answers 429 with retry-after past the limit, counted per account', async () => {
    const limited = await createTestApp(
      {},
      { rateLimits: { limits: { ...RELAXED_RATE_LIMITS, catalogImportsPerStaff: { max: 2, windowMs: 60_000 } } } },
    );
    try {
      const staff = await backOfficeCast(limited.app, limited.database);
      const start = (headers: Record<string, string>) => {
        const body = form(csv(row({ handle: 'limited-shirt' })));
        return limited.app.inject({
          method: 'POST',
          url: '/api/admin/catalog-import',
          headers: { ...headers, ...body.headers },
          payload: body.payload,
        });
      };
      expect((await start(staff.staff.headers)).statusCode).toBe(201);
      expect((await start(staff.staff.headers)).statusCode).toBe(201);
      const third = await start(staff.staff.headers);
      expect(third.statusCode, third.body).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect((await start(staff.owner.headers)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('a large dry run', () => {
  it('plans thousands of rows under one Handle while the instance keeps answering', async () => {
    const rows = Array.from({ length: 12_000 }, (_, index) =>
      row({ handle: 'endless-shirt', colour: `Shade ${index}`, image: `https://cdn.example/${index}.png` }),
    );
    // A warm instance: the first dry run of a process also loads and compiles the import's code.
    expect((await upload(csv(row({ handle: 'warm-up' })))).statusCode).toBe(201);
    let planning = true;
    let answered = 0;
    const healthChecks = (async () => {
      while (planning) {
        // A timer, so each check waits for the event loop's turn as a request from outside would.
        await new Promise((resolve) => setTimeout(resolve, 1));
        expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
        answered += 1;
      }
    })();
    const response = await upload(csv(...rows));
    planning = false;
    await healthChecks;
    expect(response.statusCode, response.body).toBe(201);
    expect(CatalogImportAnswerSchema.parse(response.json()).import.refused).toBe(1);
    // Planned on the request thread in one block, the file let a handful of health checks
    // through, between the parser’s slices; planned in the planning thread, dozens or more.
    expect(answered).toBeGreaterThan(20);
  }, 60_000);
});
