import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** A built app folder: index.html and one hashed asset. */
function fakeBuild(root: string, title: string, asset: string): string {
  const dir = mkdtempSync(path.join(root, 'dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>${title}</title>`);
  writeFileSync(path.join(dir, 'assets', asset), `console.log(${JSON.stringify(title)})`);
  // A larger chunk with the brotli copy the storefront's build writes beside it (decision 026).
  const chunk = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `${title} ${i}`))};`;
  writeFileSync(path.join(dir, 'assets', 'texts-1.js'), chunk);
  // Marked, so a test can tell it from a copy compressed on the fly.
  writeFileSync(path.join(dir, 'assets', 'texts-1.js.br'), brotliCompressSync(`${chunk}\n// precompressed`));
  return dir;
}

const HTML = { accept: 'text/html,application/xhtml+xml' };
let root: string;
let t: TestApp;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'shopper-apps-'));
  t = await createTestApp({
    WEB_DIST_DIR: fakeBuild(root, 'shop', 'index-shop1.js'),
    DASHBOARD_DIST_DIR: fakeBuild(root, 'back office', 'index-bo1.js'),
  });
});

afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the back office is its own app under /dashboard (decision 020)', () => {
  it('answers every /dashboard route with the back office page, uncached, under the strict CSP', async () => {
    for (const url of ['/dashboard', '/dashboard/', '/dashboard/orders/123?status=shipped']) {
      const response = await t.app.inject({ url, headers: HTML });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>back office</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('keeps the storefront on every other path', async () => {
    const response = await t.app.inject({ url: '/dashboards', headers: HTML });
    expect(response.body).toContain('<title>shop</title>');
  });

  it('serves the back office assets with a year-long cache, and 404s the unknown ones', async () => {
    const asset = await t.app.inject('/dashboard/assets/index-bo1.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const shopAssetThere = await t.app.inject('/dashboard/assets/index-shop1.js');
    expect(shopAssetThere.statusCode).toBe(404);
    expect((await t.app.inject('/assets/index-shop1.js')).statusCode).toBe(200);
  });
});

describe('precompressed assets (decision 026)', () => {
  it('sends the brotli copy the build wrote to a browser that accepts it', async () => {
    const response = await t.app.inject({
      url: '/assets/texts-1.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toMatch(/shop 199.*\n\/\/ precompressed$/s);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const response = await t.app.inject({ url: '/assets/texts-1.js', headers: { 'accept-encoding': 'identity' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain('shop 199');
  });
});
