import { CatalogImportAnswerSchema } from '@shopper/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backOfficeCast, type BackOfficeCast, guardAnswers } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let cast: BackOfficeCast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await backOfficeCast(t.app, t.database);
});
afterAll(() => t.close());

const FILE = [
  'Handle,Title,Vendor,Option1 Name,Option1 Value,Variant Price,Category (product.metafields.shopper.category)',
  'moved-shirt,Moved Shirt,Acme,Size,M,40.00,men',
].join('\n');

function multipart(file: string) {
  const boundary = '----shopper-moved';
  const payload = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="products.csv"\r\ncontent-type: text/csv\r\n\r\n${file}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('the catalog import’s former addresses under /api/admin/products/import', () => {
  it('answer 308 to the same request at /api/admin/catalog-import, query included', async () => {
    const body = multipart(FILE);
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      headers: { ...cast.staff.headers, ...body.headers },
      payload: body.payload,
    });
    expect(moved.statusCode).toBe(308);
    expect(moved.headers.location).toBe('/api/admin/catalog-import');
    // Nothing was planned at the former address: the client sends the upload again, to the new one.
    const planned = await t.app.inject({
      method: 'POST',
      url: moved.headers.location,
      headers: { ...cast.staff.headers, ...body.headers },
      payload: body.payload,
    });
    expect(planned.statusCode, planned.body).toBe(201);
    const job = CatalogImportAnswerSchema.parse(planned.json()).import;

    for (const [method, path] of [
      ['GET', `/${job.id}`],
      ['GET', `/${job.id}/lines?action=create&page=1`],
      ['POST', `/${job.id}/apply`],
    ] as const) {
      const answer = await t.app.inject({
        method,
        url: `/api/admin/products/import${path}`,
        headers: cast.staff.headers,
      });
      expect(answer.statusCode, path).toBe(308);
      expect(answer.headers.location).toBe(`/api/admin/catalog-import${path}`);
    }
    // A redirect applies nothing.
    const after = await t.app.inject({ url: `/api/admin/catalog-import/${job.id}`, headers: cast.staff.headers });
    expect(CatalogImportAnswerSchema.parse(after.json()).import.status).toBe('planned');
  });

  it('are back-office routes like the rest: 401 for a guest, 403 for a customer', async () => {
    for (const request of [
      { method: 'POST' as const, url: '/api/admin/products/import' },
      { method: 'GET' as const, url: '/api/admin/products/import/some-job' },
      { method: 'GET' as const, url: '/api/admin/products/import/some-job/lines' },
      { method: 'POST' as const, url: '/api/admin/products/import/some-job/apply' },
    ]) {
      expect(await guardAnswers(t.app, cast, request, 'staff'), request.url).toEqual({ guest: 401, customer: 403 });
    }
  });

  it('are left out of the API documentation', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/admin/products/import'))).toEqual([]);
    expect(document.paths).toHaveProperty('/api/admin/catalog-import');
  });
});
