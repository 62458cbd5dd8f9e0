import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProducts } from './db/seed/seed-catalog.ts';
import { buildProduct } from './test/product-factory.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'shopper-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>SHOPPER</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("shop")');
  writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ WEB_DIST_DIR: webDist });
});

afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('operations endpoints', () => {
  it('answers health and readiness with the database kind', async () => {
    const health = await t.app.inject('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ok');
    expect(['embedded', 'postgres']).toContain(ready.json().database);
  });

  it('exposes Prometheus metrics outside production, without a token', async () => {
    await t.app.inject('/api/health');
    const response = await t.app.inject('/metrics');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('http_request_duration_seconds');
  });

  it('serves OpenAPI generated from the route schemas at /api/docs', async () => {
    const spec = await t.app.inject('/api/docs/json');
    expect(spec.statusCode).toBe(200);
    const paths = Object.keys(spec.json().paths as object);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/products/all-products',
        '/api/products/category/{category}',
        '/api/products/slug/{slug}',
        '/api/products/{id}',
        '/api/products/related/{category}/{excludeId}',
        '/api/health',
      ]),
    );
    expect(paths.some((p) => p.startsWith('/images') || p === '/metrics')).toBe(false);
    const ui = await t.app.inject('/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('compresses catalog answers for clients that accept gzip', async () => {
    await insertProducts(
      t.database.db,
      Array.from({ length: 12 }, () => buildProduct()),
    );
    const response = await t.app.inject({
      url: '/api/products/all-products?limit=48',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('tags every answer with a request id of its own, ignoring one a client sends', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const generated = await t.app.inject('/api/health');
    expect(generated.headers['x-request-id']).toMatch(uuid);
    // Decision 013: a client-chosen id could forge or collide with other requests' log lines.
    const forged = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-42' } });
    expect(forged.headers['x-request-id']).toMatch(uuid);
    expect(forged.headers['x-request-id']).not.toBe(generated.headers['x-request-id']);
  });
});

describe('the built web app', () => {
  it('answers client-side routes with index.html, uncached', async () => {
    for (const url of ['/', '/men', '/products/some-slug', '/no/such/page?x=1']) {
      const response = await t.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers every page route with the page whatever the Accept header (curl, */*, JSON)', async () => {
    for (const accept of [undefined, '*/*', 'application/json']) {
      for (const url of ['/', '/women', '/reset-password/abc', '/newsletter/confirm?token=x']) {
        const response = await t.app.inject({ url, headers: accept ? { accept } : {} });
        expect(response.statusCode, `${url} ${accept}`).toBe(200);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.body).toContain('<div id="root">');
      }
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/men' });
    expect(head.statusCode).toBe(200);
  });

  it('answers a POST to a page path, or a missing file, with a JSON 404', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/men' })).statusCode).toBe(404);
    for (const url of ['/favicon.ico', '/humans.txt', '/images/none', '/metrics/x']) {
      const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
    }
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await t.app.inject('/assets/index-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends a strict Content-Security-Policy: no inline script runs unless the CSP names its hash', async () => {
    const response = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives JSON answers the headers that matter for data, not the document ones', async () => {
    for (const url of ['/api/health', '/api/products/all-products?page=1&limit=1', '/api/no-such-route']) {
      const response = await t.app.inject(url);
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['strict-transport-security'], url).toContain('max-age=');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-site');
      expect(response.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(response.headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
    }
    const docs = await t.app.inject('/api/docs/static/index.html');
    expect(String(docs.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('lets Stripe Elements load only when Stripe is the card provider', async () => {
    const testMode = String(
      (await t.app.inject({ url: '/', headers: { accept: 'text/html' } })).headers['content-security-policy'],
    );
    expect(testMode).not.toContain('stripe.com');
    const stripe = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    try {
      const page = await stripe.app.inject({ url: '/', headers: { accept: 'text/html' } });
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self' 'sha256-[^']+' https:\/\/js\.stripe\.com/);
      expect(csp).toContain('connect-src');
      expect(csp).toContain('https://api.stripe.com');
    } finally {
      await stripe.close();
    }
  });

  it('answers a missing asset with a 404, not the web app', async () => {
    const response = await t.app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(404);
  });

  it('keeps unknown /api paths JSON even when the browser asks for HTML', async () => {
    for (const url of ['/api/unknown', '/api', '/api/products/nothing/here']) {
      const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
});

describe('hostile requests', () => {
  it('answers a malformed percent-encoding with a 400, not a 5xx', async () => {
    const response = await t.app.inject('/api/products/slug/%E0%A4%A');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('answers an over-long path parameter with 414 URI Too Long', async () => {
    const response = await t.app.inject(`/api/products/slug/${'a'.repeat(500)}`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toMatchObject({ success: false });
  });

  it('refuses a malformed JSON body with a clear 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/all-products',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });
});
