import { afterEach, describe, expect, it, vi } from 'vitest';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { createTestApp, type TestApp, testServerUrl } from '../../test/test-app.ts';

/**
 * The catalog's reads with DATABASE_READ_URL (decision 070). A real streaming standby, its lag and
 * its stop under load are proven by the cluster suite (scripts/cluster); here the read servers are
 * the test database itself, one nobody listens on, and one without the shop's tables.
 */
describe('catalog reads on read servers', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  let window = 0;
  /** A listing the catalog cache has not seen: a price window of its own. */
  const freshListing = () => `/api/products/all-products?limit=12&minPrice=0&maxPrice=${1_000 + (window += 1)}`;

  async function shop(readReplicaUrls: (primaryUrl: string) => string[]) {
    t = await createTestApp({}, { readReplicaUrls });
    await insertProducts(t.database.db, [
      buildProduct({ slug: 'field-jacket', name: 'Field Jacket', category: 'men' }),
    ]);
    const replicas = t.database.readReplicas;
    if (!replicas) throw new Error('no read servers configured');
    return { app: t.app, replicas };
  }

  it('answers the listing from a read server once it holds what the primary has', async () => {
    const { app, replicas } = await shop((primaryUrl) => [primaryUrl]);
    await vi.waitFor(async () => {
      const answer = await app.inject({ method: 'GET', url: freshListing() });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().products.map((p: { slug: string }) => p.slug)).toEqual(['field-jacket']);
      expect(replicas.counts().standby).toBeGreaterThan(0);
    });
    const page = await app.inject({ method: 'GET', url: '/api/products/slug/field-jacket' });
    expect(page.statusCode).toBe(200);
    expect(page.json().product.name).toBe('Field Jacket');
  });

  it('skips a read server nobody answers on: every answer comes from the primary, none fails', async () => {
    const { app, replicas } = await shop(() => ['postgres://shopper@127.0.0.1:9/nowhere']);
    for (let request = 0; request < 12; request += 1) {
      const answer = await app.inject({ method: 'GET', url: freshListing() });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().total).toBe(1);
    }
    expect(replicas.counts().standby).toBe(0);
    expect(replicas.counts().primary).toBeGreaterThanOrEqual(12);
  });

  it('hands a query a read server fails to the primary, with no error for the shopper', async () => {
    // The server's maintenance database answers the polls but has none of the shop's tables.
    const maintenance = new URL(testServerUrl());
    maintenance.pathname = '/postgres';
    const { app, replicas } = await shop(() => [maintenance.toString()]);
    await vi.waitFor(async () => {
      const answer = await app.inject({ method: 'GET', url: freshListing() });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().total).toBe(1);
      // Polled as answering, tried, failed, and answered by the primary instead.
      expect(replicas.counts().standby).toBe(0);
      expect(replicas.counts().primary).toBeGreaterThan(2);
    });
  });
});
