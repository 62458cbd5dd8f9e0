import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AUTH_TOKEN_STORAGE_KEY,
  BACK_OFFICE_UI_MESSAGES as T,
  CATALOG_IMPORT_POLL_MS,
  CatalogImportAnswerSchema,
  CatalogImportLinesPageSchema,
  type CatalogImport,
  type CatalogImportLine,
} from '@shopper/contract';
import { json, renderRoutes, stubApi } from '../../test/render.tsx';
import { CatalogImportPage } from './catalog-import-page.tsx';

const JOB = '00000000-0000-4000-8000-00000000f001';
const base = `/api/admin/catalog-import/${JOB}`;
const PRICE_REFUSAL = 'Price must be a positive amount in dollars with at most 2 decimals';

function job(overrides: Partial<CatalogImport>): CatalogImport {
  return CatalogImportAnswerSchema.parse({
    success: true,
    import: {
      id: JOB,
      fileName: 'shopify-products.csv',
      status: 'planned',
      totalProducts: 3,
      doneProducts: 0,
      created: 1,
      updated: 1,
      unchanged: 0,
      refused: 1,
      imagesFetched: 0,
      imagesSkipped: 0,
      error: null,
      createdAt: '2026-11-28T10:00:00.000Z',
      startedAt: null,
      finishedAt: null,
      ...overrides,
    },
  }).import;
}

const LINES: CatalogImportLine[] = [
  {
    position: 0,
    handle: 'linen-shirt',
    firstLine: 2,
    name: 'Linen Shirt',
    action: 'create',
    changes: [],
    reasons: [],
    state: 'planned',
    outcome: null,
  },
  {
    position: 1,
    handle: 'harbour-jacket',
    firstLine: 5,
    name: 'Harbour Jacket',
    action: 'update',
    changes: ['price', 'colour Sage', 'stock Sage / M'],
    reasons: [],
    state: 'planned',
    outcome: null,
  },
  {
    position: 2,
    handle: 'broken-tee',
    firstLine: 7,
    name: 'Broken Tee',
    action: 'refuse',
    changes: [],
    reasons: [{ line: 8, column: 'Variant Price', message: PRICE_REFUSAL }],
    state: 'planned',
    outcome: null,
  },
];

function linesAnswer(url: URL, lines: CatalogImportLine[]) {
  const action = url.searchParams.get('action');
  const items = lines.filter((line) => !action || line.action === action);
  return json(
    200,
    CatalogImportLinesPageSchema.parse({
      success: true,
      items,
      page: Number(url.searchParams.get('page') ?? 1),
      pageSize: Number(url.searchParams.get('pageSize') ?? 50),
      total: items.length,
    }),
  );
}

const route = [{ path: '/catalog-import', element: <CatalogImportPage /> }];

afterEach(() => vi.restoreAllMocks());

describe('catalog import', () => {
  it('checks a file: uploads it with the default category, then shows the dry run by line, filtered by action', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'POST /api/admin/catalog-import': () => json(201, { success: true, import: job({}) }),
      [`GET ${base}`]: () => json(200, { success: true, import: job({}) }),
      [`GET ${base}/lines`]: ({ url }) => linesAnswer(url, LINES),
    });
    const { router } = renderRoutes(route, '/catalog-import');
    const form = await screen.findByRole('form', { name: 'Check a file' });
    await user.click(within(form).getByRole('button', { name: T.importCheck }));
    expect(await within(form).findByText(T.importFileMissing)).toBeTruthy();
    expect(calls).toEqual([]);

    const file = new File(['Handle,Title\nlinen-shirt,Linen Shirt\n'], 'shopify-products.csv', { type: 'text/csv' });
    await user.upload(within(form).getByLabelText(T.importFileLabel), file);
    await user.selectOptions(within(form).getByLabelText(T.importDefaultCategory), 'men');
    await user.click(within(form).getByRole('button', { name: T.importCheck }));

    const summary = await screen.findByRole('region', { name: 'shopify-products.csv' });
    const upload = calls.find((call) => call.method === 'POST')?.body as FormData;
    expect(upload).toBeInstanceOf(FormData);
    expect((upload.get('file') as File).name).toBe('shopify-products.csv');
    expect(upload.get('defaultCategory')).toBe('men');
    expect(new URLSearchParams(router.state.location.search).get('job')).toBe(JOB);
    expect(within(summary).getByText('To create').nextSibling?.textContent).toBe('1');
    expect(within(summary).getByText('Refused').nextSibling?.textContent).toBe('1');
    expect(within(summary).getByRole('button', { name: T.importApply(2) })).toBeTruthy();

    const report = await screen.findByRole('table', { name: 'Import report' });
    expect(within(report).getAllByRole('row')).toHaveLength(4);
    expect(within(report).getByText('price, colour Sage, stock Sage / M')).toBeTruthy();
    expect(within(report).getByText(`Line 8, Variant Price: ${PRICE_REFUSAL}`)).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Action'), 'refuse');
    await vi.waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Import report' })).getAllByRole('row')).toHaveLength(2),
    );
    const lastLines = calls.filter((call) => call.url.pathname === `${base}/lines`).at(-1);
    expect(lastLines?.url.searchParams.get('action')).toBe('refuse');
    expect(lastLines?.url.searchParams.get('page')).toBe('1');
    expect(new URLSearchParams(router.state.location.search).get('action')).toBe('refuse');
  });

  it('imports: the progress bar follows the job polled while it applies, then the final counts', async () => {
    const user = userEvent.setup();
    // The runner's progress as successive polls see it.
    const polls = [job({ status: 'applying', doneProducts: 1 }), job({ status: 'applying', doneProducts: 2 })];
    const finished = job({
      status: 'done',
      doneProducts: 3,
      imagesFetched: 4,
      imagesSkipped: 1,
      finishedAt: '2026-11-28T10:01:00.000Z',
    });
    let applied = false;
    const calls = stubApi({
      [`GET ${base}`]: () => json(200, { success: true, import: applied ? (polls.shift() ?? finished) : job({}) }),
      [`POST ${base}/apply`]: () => {
        applied = true;
        return json(202, { success: true, import: job({ status: 'applying', startedAt: '2026-11-28T10:00:30.000Z' }) });
      },
      [`GET ${base}/lines`]: ({ url }) =>
        linesAnswer(
          url,
          applied && polls.length === 0
            ? LINES.map((line) =>
                line.action === 'update'
                  ? {
                      ...line,
                      state: 'done' as const,
                      outcome: {
                        stockDelta: -2,
                        imagesFetched: 1,
                        imagesSkipped: [{ url: 'https://elsewhere.example/a.jpg', reason: 'host not allowed' }],
                      },
                    }
                  : line,
              )
            : LINES,
        ),
    });
    renderRoutes(route, `/catalog-import?job=${JOB}`);
    await user.click(await screen.findByRole('button', { name: T.importApply(2) }));

    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('3');
    expect(['0', '1']).toContain(bar.getAttribute('aria-valuenow'));
    expect(screen.queryByRole('button', { name: T.importApply(2) })).toBeNull();
    await vi.waitFor(
      () =>
        expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('2'),
      { timeout: CATALOG_IMPORT_POLL_MS * 6 },
    );
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe(T.importProgress(2, 3));

    const done = await screen.findByText(T.importDone, {}, { timeout: CATALOG_IMPORT_POLL_MS * 6 });
    expect(done).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const summary = screen.getByRole('region', { name: 'shopify-products.csv' });
    expect(within(summary).getByText('Images fetched').nextSibling?.textContent).toBe('4');
    expect(within(summary).getByText('Images skipped').nextSibling?.textContent).toBe('1');
    // The report is read again once the job is done, with what each line did.
    const report = await screen.findByRole('table', { name: 'Import report' });
    expect(await within(report).findByText('Stock -2 · 1 image fetched')).toBeTruthy();
    expect(within(report).getByText('Skipped https://elsewhere.example/a.jpg: host not allowed')).toBeTruthy();

    const jobReads = calls.filter((call) => call.method === 'GET' && call.url.pathname === base);
    // The first read, then one per poll until done: 1 + 2 applying + 1 done.
    expect(jobReads).toHaveLength(4);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual([`${base}/apply`]);
  });

  it('shows the server’s refusal to apply while another import is applying', async () => {
    const user = userEvent.setup();
    const busy = 'Another import is being applied; wait for it to finish.';
    stubApi({
      [`GET ${base}`]: () => json(200, { success: true, import: job({}) }),
      [`GET ${base}/lines`]: ({ url }) => linesAnswer(url, LINES),
      [`POST ${base}/apply`]: () => json(409, { success: false, code: 'CONFLICT', message: busy }),
    });
    renderRoutes(route, `/catalog-import?job=${JOB}`);
    await user.click(await screen.findByRole('button', { name: T.importApply(2) }));
    expect(await screen.findByText(busy)).toBeTruthy();
    expect(screen.getByRole('button', { name: T.importApply(2) })).toBeTruthy();
  });

  it('exports the catalog with the session’s token and saves it as a file', async () => {
    const user = userEvent.setup();
    const CSV = 'Handle,Title\nlinen-shirt,Linen Shirt\n';
    const blobs: Blob[] = [];
    // jsdom has no object URLs; the browser's own download is what is stood in for here.
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:catalog';
    };
    URL.revokeObjectURL = () => undefined;
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token-1');
    let token: string | null = null;
    stubApi({
      'GET /api/admin/products/export.csv': ({ init }) => {
        token = new Headers(init?.headers).get('auth-token');
        return new Response(CSV, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } });
      },
    });
    renderRoutes(route, '/catalog-import');
    await user.click(await screen.findByRole('button', { name: T.exportCatalog }));
    await vi.waitFor(() => expect(clicked).toEqual([{ href: 'blob:catalog', download: T.catalogExportFile }]));
    expect(await blobs[0]?.text()).toBe(CSV);
    expect(token).toBe('token-1');
  });
});
