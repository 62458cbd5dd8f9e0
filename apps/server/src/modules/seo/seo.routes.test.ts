import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STORE_PAGE_SLUGS } from '@shopper/contract';
import { sql } from 'drizzle-orm';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const ORIGIN = 'https://shop.example.com';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

type SitemapUrl = { loc: string; lastmod: string | undefined };

/** A strict XML parse (saxes throws on anything not well-formed) of a sitemaps.org urlset. */
function parseSitemap(xml: string): SitemapUrl[] {
  const parser = new SaxesParser({ xmlns: true });
  const urls: SitemapUrl[] = [];
  const open: string[] = [];
  let text = '';
  parser.on('opentag', (tag) => {
    if (open.length === 0) expect([tag.local, tag.uri]).toEqual(['urlset', SITEMAP_NS]);
    if (tag.local === 'url') urls.push({ loc: '', lastmod: undefined });
    open.push(tag.local);
    text = '';
  });
  parser.on('text', (chunk) => (text += chunk));
  parser.on('closetag', (tag) => {
    open.pop();
    const current = urls.at(-1);
    if (current && tag.local === 'loc') current.loc = text;
    if (current && tag.local === 'lastmod') current.lastmod = text;
  });
  parser.write(xml).close();
  return urls;
}

let t: TestApp;
let root: string;
let ids: string[];

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'shopper-seo-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>shop</title>');
  // A long TTL: only the catalog change notification can make a change show within a test.
  t = await createTestApp({ PUBLIC_URL: `${ORIGIN}/`, CATALOG_CACHE_TTL_MS: '600000', WEB_DIST_DIR: root });
  ids = await insertProducts(t.database.db, [
    buildProduct({ slug: 'seo-linen-shirt', name: 'Linen Shirt', category: 'women' }),
    buildProduct({ slug: 'seo-draft-coat', name: 'Draft Coat', category: 'men' }),
    buildProduct({ slug: 'seo-old-scarf', name: 'Old Scarf', category: 'kids' }),
  ]);
  await t.database.db.execute(sql`update products set status = 'draft' where slug = 'seo-draft-coat'`);
  await t.database.db.execute(sql`update products set status = 'archived' where slug = 'seo-old-scarf'`);
  await t.database.db.execute(
    sql`update products set updated_at = '2026-10-01T08:00:00Z' where slug = 'seo-linen-shirt'`,
  );
});

afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

async function sitemap(): Promise<SitemapUrl[]> {
  const response = await t.app.inject({ url: '/sitemap.xml' });
  expect(response.statusCode, response.body).toBe(200);
  return parseSitemap(response.body);
}

describe('GET /sitemap.xml', () => {
  it('is XML listing home, /shop, the categories and each published product with absolute URLs and lastmod', async () => {
    const response = await t.app.inject({ url: '/sitemap.xml', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urls = parseSitemap(response.body);
    const locs = urls.map((url) => url.loc);
    expect(locs.slice(0, 5)).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/shop`,
      `${ORIGIN}/men`,
      `${ORIGIN}/women`,
      `${ORIGIN}/kids`,
    ]);
    expect(urls).toContainEqual({ loc: `${ORIGIN}/products/seo-linen-shirt`, lastmod: '2026-10-01T08:00:00.000Z' });
    // The store pages follow the categories; a page never saved (starter text) has no date to give.
    expect(locs.slice(5, 5 + STORE_PAGE_SLUGS.length)).toEqual(
      STORE_PAGE_SLUGS.map((slug) => `${ORIGIN}/pages/${slug}`),
    );
    for (const url of urls) {
      expect(url.loc.startsWith(`${ORIGIN}/`), url.loc).toBe(true);
      if (url.loc.startsWith(`${ORIGIN}/pages/`)) expect(url.lastmod, url.loc).toBeUndefined();
      else expect(Number.isNaN(Date.parse(url.lastmod ?? '')), url.loc).toBe(false);
    }
  });

  it('leaves out drafts and archived products', async () => {
    const locs = (await sitemap()).map((url) => url.loc);
    expect(locs).not.toContain(`${ORIGIN}/products/seo-draft-coat`);
    expect(locs).not.toContain(`${ORIGIN}/products/seo-old-scarf`);
  });

  it('shows a catalog change at once, though the cached answer would live ten minutes', async () => {
    const locs = async () => (await sitemap()).map((url) => url.loc);
    expect(await locs()).not.toContain(`${ORIGIN}/products/seo-draft-coat`);
    await t.database.db.execute(sql`update products set status = 'published' where id = ${ids[1]}`);
    await vi.waitFor(async () => expect(await locs()).toContain(`${ORIGIN}/products/seo-draft-coat`), {
      timeout: 2000,
      interval: 20,
    });
    await t.database.db.execute(sql`update products set status = 'archived' where id = ${ids[0]}`);
    await vi.waitFor(async () => expect(await locs()).not.toContain(`${ORIGIN}/products/seo-linen-shirt`), {
      timeout: 2000,
      interval: 20,
    });
  });

  it('dates a category page by its newest product', async () => {
    await t.database.db.execute(
      sql`update products set updated_at = '2030-01-02T03:04:05Z', status = 'published' where id = ${ids[1]}`,
    );
    await vi.waitFor(
      async () => {
        const urls = await sitemap();
        expect(urls.find((url) => url.loc === `${ORIGIN}/men`)?.lastmod).toBe('2030-01-02T03:04:05.000Z');
        expect(urls.find((url) => url.loc === `${ORIGIN}/shop`)?.lastmod).toBe('2030-01-02T03:04:05.000Z');
      },
      { timeout: 2000, interval: 20 },
    );
  });
});

describe('GET /robots.txt', () => {
  it('points at the sitemap and keeps account, cart, checkout, back-office and API paths out', async () => {
    const response = await t.app.inject({ url: '/robots.txt', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice(10));
    for (const page of [
      '/api/products/all-products',
      '/dashboard',
      '/dashboard/orders',
      '/cart',
      '/checkout',
      '/login',
      '/signup',
      '/forgot-password',
      '/reset-password/abcdefghijkl',
      '/profile',
      '/account/orders',
      '/order-confirmation/pi_123',
      '/admin',
      '/verify-email',
    ]) {
      expect(
        disallowed.some((prefix) => page.startsWith(prefix)),
        page,
      ).toBe(true);
    }
    for (const page of ['/', '/shop', '/women', '/products/seo-linen-shirt', '/images/products/x.svg']) {
      expect(
        disallowed.some((prefix) => page.startsWith(prefix)),
        page,
      ).toBe(false);
    }
  });

  it('answers HEAD like GET, and neither path falls into the storefront page', async () => {
    for (const url of ['/robots.txt', '/sitemap.xml']) {
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      const get = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(get.body, url).not.toContain('<title>shop</title>');
    }
  });
});
