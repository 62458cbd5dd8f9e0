import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EARLY_INPUT_SCRIPT } from '@shopper/contract';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { signUpStaff } from '../../test/staff-factory.ts';
import { buildStorefront } from '../../test/storefront-build.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let webDist: string;
let cardiganId: string;

const HTML = { accept: 'text/html' };

beforeAll(async () => {
  webDist = await buildStorefront();
  // A long TTL: only a catalog change can make a new price show within the test.
  t = await createTestApp({ WEB_DIST_DIR: webDist, CATALOG_CACHE_TTL_MS: '600000' });
  const shirts = Array.from({ length: 13 }, (_, index) =>
    buildProduct({ slug: `plain-tee-${index}`, name: `Plain Tee ${index}`, category: 'men' }),
  );
  [cardiganId] = (await insertProducts(t.database.db, [
    buildProduct({
      slug: 'harbour-cardigan',
      name: 'Harbour Cardigan',
      category: 'women',
      priceCents: 8900,
      types: ['cardigans'],
    }),
    ...shirts,
  ])) as [string];
}, 240_000);

afterAll(async () => {
  await t?.close();
});

async function page(url: string, headers: Record<string, string> = HTML) {
  return t.app.inject({ method: 'GET', url, headers });
}

/** The query cache the page carries for hydration. */
/** The bodies of the page's inline scripts: every `<script>` without a src that is not JSON data. */
function inlineScripts(body: string): string[] {
  return [...body.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/(?:ld\+)?json)[^>]*>(.*?)<\/script>/gs)].map(
    (match) => match[1] ?? '',
  );
}

function stateOf(body: string): { queries: { queryKey: unknown[]; state: { data?: unknown } }[] } {
  const match = /<script type="application\/json" id="shopper-state">([^<]*)<\/script>/.exec(body);
  expect(match, 'the state script').not.toBeNull();
  return JSON.parse(match?.[1] ?? '') as ReturnType<typeof stateOf>;
}

describe('server-rendered product page (decision 023)', () => {
  it('has the name, price, breadcrumb and title in the HTML, with no JavaScript needed', async () => {
    const response = await page('/products/harbour-cardigan');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toMatch(/<h1[^>]*>Harbour Cardigan<\/h1>/);
    expect(response.body).toContain('$89.00');
    expect(response.body).toMatch(
      /<nav aria-label="Breadcrumb">.*href="\/".*>Home<\/a>.*href="\/women".*>Women<\/a>.*aria-current="page">Harbour Cardigan</s,
    );
    expect(response.body).toContain('<title>Harbour Cardigan | SHOPPER</title>');
    expect(response.body).toContain('Add to Cart');
  });

  it('carries the query cache under the keys the page hooks read, in a JSON script the CSP allows', async () => {
    const response = await page('/products/harbour-cardigan');
    const state = stateOf(response.body);
    const product = state.queries.find(
      (query) => JSON.stringify(query.queryKey) === '["product","slug","harbour-cardigan"]',
    );
    expect(product?.state.data).toMatchObject({ name: 'Harbour Cardigan', old_price: 89 });
    // Every other script is a file, but the early-input queue, which the CSP allows by its hash alone.
    expect(inlineScripts(response.body)).toEqual([EARLY_INPUT_SCRIPT]);
    const csp = String(response.headers['content-security-policy']);
    const hash = createHash('sha256').update(EARLY_INPUT_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('links the stylesheets of the rendered route, so the page is styled before any script runs', async () => {
    const response = await page('/products/harbour-cardigan');
    expect(response.body).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/product-page-[^"]+\.css">/);
  });

  it('starts the app after the first paint: no module script or preload in the head, one deferred loader naming them', async () => {
    const response = await page('/products/harbour-cardigan');
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(head).not.toMatch(/type="module"|rel="modulepreload"/);
    const loader = /<script src="\/start-app\.js" defer data-entry="([^"]+)" data-preload="([^"]+)"><\/script>/.exec(
      response.body,
    );
    expect(loader?.[1]).toMatch(/^\/assets\/index-[^/]+\.js$/);
    const preload = loader?.[2]?.split(' ') ?? [];
    expect(preload).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/framework-[^/]+\.js$/)]));
    expect(preload).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/product-route-[^/]+\.js$/)]));
    expect((await t.app.inject({ method: 'GET', url: '/start-app.js' })).statusCode).toBe(200);
  });

  it('answers HTML whatever the Accept header says', async () => {
    for (const accept of ['application/json', '*/*', 'text/plain', '']) {
      const response = await page('/products/harbour-cardigan', accept ? { accept } : {});
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-type'], accept).toBe('text/html; charset=utf-8');
      expect(response.body, accept).toContain('Harbour Cardigan');
    }
  });

  it('answers 404 with the product not-found page for an unknown slug', async () => {
    const response = await page('/products/no-such-garment');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('Product Not Found');
    expect(response.body).toContain('<title>Product Not Found | SHOPPER</title>');
    expect(response.body).toContain('href="/shop"');
  });

  it('answers the product not-found page, never the shell, for a slug or an id longer than the API takes', async () => {
    for (const url of [`/products/${'a'.repeat(300)}`, `/product/${'a'.repeat(300)}`]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('Product Not Found');
    }
  });

  it('moves /product/{id} to /products/{slug} for good, and answers 404 for an unknown id', async () => {
    const moved = await page(`/product/${cardiganId}`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/products/harbour-cardigan');
    const unknown = await page('/product/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Product Not Found');
  });

  it('shows a price changed in the database at once, though the rendered page is cached (catalog change)', async () => {
    const first = await page('/products/harbour-cardigan');
    const again = await page('/products/harbour-cardigan');
    expect(again.body).toBe(first.body);
    await t.database.db.execute(sql`update products set price_cents = 7700 where id = ${cardiganId}`);
    await vi.waitFor(
      async () => {
        const fresh = await page('/products/harbour-cardigan');
        expect(fresh.body).toContain('$77.00');
        expect(fresh.body).not.toContain('$89.00');
      },
      { timeout: 2000, interval: 20 },
    );
  });

  it('revalidates with its entity tag: an unchanged page answers 304', async () => {
    const response = await page('/products/harbour-cardigan');
    // Browsers revalidate every time; a shared cache in front keeps it for guests (decision 063).
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=30');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const revalidated = await page('/products/harbour-cardigan', { ...HTML, 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    const compressed = await page('/products/harbour-cardigan', {
      ...HTML,
      'accept-encoding': 'br',
      'if-none-match': etag,
    });
    expect(compressed.statusCode).toBe(304);
    const other = await page('/products/harbour-cardigan', { ...HTML, 'if-none-match': 'W/"something-else"' });
    expect(other.statusCode).toBe(200);
  });

  it('is filed under the surrogate keys of what it shows, and never shared with a visitor who may be signed in', async () => {
    const product = await page('/products/harbour-cardigan');
    const keys = String(product.headers['surrogate-key']).split(' ');
    expect(keys).toEqual(expect.arrayContaining(['product-slug-harbour-cardigan']));
    expect(String(product.headers['cache-tag']).split(',')).toEqual(keys);
    const listing = await page('/men');
    expect(String(listing.headers['surrogate-key']).split(' ')).toContain('category-men');

    const credentials: Record<string, string>[] = [
      { cookie: 'shopper_refresh=x' },
      { authorization: 'Bearer x' },
      { 'auth-token': 'x' },
    ];
    for (const headers of credentials) {
      const signedIn = await page('/products/harbour-cardigan', { ...HTML, ...headers });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.headers['cache-control']).toBe('private, no-cache');
      expect(signedIn.headers['surrogate-key']).toBeUndefined();
    }
  });

  it('is sent compressed as the client accepts, the same page in every encoding', async () => {
    const plain = await page('/products/harbour-cardigan');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const brotli = await page('/products/harbour-cardigan', { ...HTML, 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);

    const gzipped = await page('/products/harbour-cardigan', { ...HTML, 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);

    for (const refused of ['identity', 'br;q=0, gzip;q=0', 'zstd', 'x'.repeat(5000)]) {
      const answer = await page('/products/harbour-cardigan', { ...HTML, 'accept-encoding': refused });
      expect(answer.statusCode, refused.slice(0, 20)).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.body).toBe(plain.body);
    }
  });
});

describe('server-rendered listing, home and not-found pages', () => {
  it.each(['/', '/shop', '/women', '/products/harbour-cardigan', '/no-such-page'])(
    'renders %s whole and in place: no part of it is left for an inline script to complete',
    async (url) => {
      // The layout's parts are Suspense boundaries (decision 033); a large one outlined would be
      // moved into place by React's inline script, which the CSP blocks.
      const body = (await page(url)).body;
      expect(body).toContain('<footer');
      expect(inlineScripts(body)).toEqual([EARLY_INPUT_SCRIPT]);
      expect(body).not.toMatch(/<template|hidden id="S:/);
    },
  );

  it.each(['/', '/shop', '/women', '/products/harbour-cardigan', '/no-such-page'])(
    'gives %s a #root that holds only the app, starting with its skip link',
    async (url) => {
      const body = (await page(url)).body;
      expect(body).toMatch(/<div id="root"><a [^>]*href="#main">Skip to content<\/a>/);
    },
  );

  it.each(['/women', '/products/harbour-cardigan'])('preloads the first images of %s from the head', async (url) => {
    const [head = ''] = (await page(url)).body.split('</head>');
    expect(head).toMatch(/<link rel="preload" as="image" href="\/images\/[^"]+"[^>]*fetchPriority="high"/);
  });

  it('renders the home page with its product sections', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('NEW ARRIVALS ONLY');
    expect(response.body).toContain('Popular For Women');
    expect(response.body).toContain('Harbour Cardigan');
  });

  it('renders a category page with its products, and 404s a single segment that is no category', async () => {
    const women = await page('/women');
    expect(women.statusCode).toBe(200);
    expect(women.body).toContain('<title>Women Collection | SHOPPER</title>');
    expect(women.body).toContain('Harbour Cardigan');
    expect(women.body).not.toContain('Plain Tee');
    const unknown = await page('/umbrellas');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Page Not Found');
  });

  it('searches, filters and pages /shop from the query, with links and GET forms for no-JavaScript use', async () => {
    const search = await page('/shop?q=harbour');
    expect(search.statusCode).toBe(200);
    expect(search.body).toContain('Harbour Cardigan');
    expect(search.body).not.toContain('Plain Tee 1<');

    const firstPage = await page('/shop?sort=price-asc');
    expect(firstPage.body).toContain('Showing 1–12 of 14 products');
    expect(firstPage.body).toContain('href="/shop?sort=price-asc&amp;page=2"');
    expect(firstPage.body).toMatch(/<form [^>]*action="\/shop" method="get">/);
    expect(firstPage.body).toMatch(/<input type="checkbox" name="discount" value="true"/);

    const secondPage = await page('/shop?page=2&sort=price-asc');
    expect(secondPage.body).toContain('Showing 13–14 of 14 products');
    expect(secondPage.body).toContain('Harbour Cardigan');

    // A GET form repeats a list parameter for each ticked box.
    const filtered = await page('/shop?types=cardigans&types=t-shirts&sizes=M');
    expect(filtered.body).toContain('Showing 1–12 of 14 products');
  });

  it('answers an unknown path with the 404 not-found page, as HTML whatever the Accept header', async () => {
    for (const accept of ['text/html', 'application/json']) {
      const response = await page('/no/such/page', { accept });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('Page Not Found');
      expect(response.body).toContain('/no/such/page');
    }
  });

  it("renders a store page with its title, the owner's sanitised text shown at once after a save, and 404s an unknown page", async () => {
    const starter = await page('/pages/returns');
    expect(starter.statusCode).toBe(200);
    expect(starter.body).toMatch(/<h1[^>]*>Returns<\/h1>/);
    expect(starter.body).toContain('<strong>Starter text.</strong>');
    expect(starter.body).toMatch(/<link rel="canonical" href="[^"]*\/pages\/returns"/);
    expect(starter.body).toContain('href="/pages/terms"');

    const owner = await signUpStaff(t.app, t.database, 'owner');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/pages/returns',
      headers: owner.headers,
      payload: { title: 'Returns', markdown: 'Send it back within **60 days**.<img src=x onerror="alert(1)">' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const edited = await page('/pages/returns');
    expect(edited.body).toContain('<strong>60 days</strong>');
    expect(edited.body).not.toContain('Starter text.');
    expect(edited.body).not.toContain('onerror');

    const unknown = await page('/pages/no-such-page');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Page Not Found');
  });

  it('keeps signed-in pages on the plain shell: nothing about a visitor is ever rendered on the server', async () => {
    for (const url of ['/cart', '/checkout', '/profile', '/account/orders', '/login']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).not.toContain('shopper-state');
    }
    // The header of a rendered page is the guest's.
    const home = await page('/', { ...HTML, 'auth-token': 'whatever' });
    expect(home.body).toContain('href="/login"');
  });

  it('still answers API misses and asset misses as real 404s, not pages', async () => {
    const api = await page('/api/nope', { accept: 'application/json' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const asset = await page('/assets/missing-chunk.js');
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-type']).not.toContain('text/html');
  });
});
