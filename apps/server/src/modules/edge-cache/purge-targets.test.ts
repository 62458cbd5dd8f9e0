import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPurgeServer } from '../../test/purge-server.ts';
import { createPurgeSender } from './purge-targets.ts';

let server: Awaited<ReturnType<typeof startPurgeServer>>;
beforeAll(async () => {
  server = await startPurgeServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.received.length = 0;
  server.state.status = 200;
});

const KEYS = ['product-slug-field-jacket', 'category-men'];

describe('purge targets, each against a local server standing in for the cache', () => {
  it('varnish-xkey: PURGE with the keys in xkey-purge', async () => {
    await createPurgeSender({ kind: 'varnish-xkey', url: server.url }).purge(KEYS);
    expect(server.received).toMatchObject([
      { method: 'PURGE', url: '/', headers: { 'xkey-purge': 'product-slug-field-jacket category-men' } },
    ]);
  });

  it('varnish-ban: BAN with the keys in xkey-purge', async () => {
    await createPurgeSender({ kind: 'varnish-ban', url: server.url }).purge(KEYS);
    expect(server.received).toMatchObject([{ method: 'BAN', headers: { 'xkey-purge': KEYS.join(' ') } }]);
  });

  it('nginx: PURGE per URL path behind the keys, a 404 (nothing cached) being fine', async () => {
    server.state.status = 404;
    await createPurgeSender({ kind: 'nginx', url: server.url }).purge(KEYS);
    expect(server.received.every((purge) => purge.method === 'PURGE')).toBe(true);
    expect(server.received.map((purge) => purge.url)).toEqual([
      '/products/field-jacket*',
      '/api/products/slug/field-jacket',
      '/men*',
      '/api/products/category/men*',
      '/api/products/facets?category=men',
      '/api/products/related/men/*',
    ]);
  });

  it('nginx: a collection purges its page and answers, the home sections the home page (decision 068)', async () => {
    await createPurgeSender({ kind: 'nginx', url: server.url }).purge(['collection-linen', 'collections']);
    expect(server.received.map((purge) => purge.url)).toEqual([
      '/collections/linen*',
      '/api/collections/linen*',
      '/',
      '/api/home-sections',
    ]);
  });

  it('cloudflare: the zone purge API by cache tag, with the token', async () => {
    await createPurgeSender({ kind: 'cloudflare', zone: 'zone1', token: 'cf-token', url: server.url }).purge(KEYS);
    expect(server.received).toMatchObject([
      {
        method: 'POST',
        url: '/client/v4/zones/zone1/purge_cache',
        headers: { authorization: 'Bearer cf-token', 'content-type': 'application/json' },
      },
    ]);
    expect(JSON.parse(server.received[0]?.body ?? '')).toEqual({ tags: KEYS });
  });

  it('fastly: the service purge API by surrogate key, with the token', async () => {
    await createPurgeSender({ kind: 'fastly', zone: 'svc1', token: 'f-token', url: server.url }).purge(KEYS);
    expect(server.received).toMatchObject([
      {
        method: 'POST',
        url: '/service/svc1/purge',
        headers: { 'fastly-key': 'f-token', 'surrogate-key': KEYS.join(' ') },
      },
    ]);
  });

  it('throws when the cache refuses, naming the host and status but never the token', async () => {
    server.state.status = 503;
    const sender = createPurgeSender({ kind: 'cloudflare', zone: 'zone1', token: 'secret-token', url: server.url });
    await expect(sender.purge(KEYS)).rejects.toThrow(/POST 127\.0\.0\.1:\d+ answered 503/);
    await expect(sender.purge(KEYS)).rejects.not.toThrow(/secret-token/);
    expect(sender.name).toBe('cloudflare zone zone1');
    await expect(createPurgeSender({ kind: 'varnish-xkey', url: server.url }).purge(KEYS)).rejects.toThrow(/503/);
  });

  it('throws when nothing listens there', async () => {
    await expect(createPurgeSender({ kind: 'varnish-xkey', url: 'http://127.0.0.1:9' }).purge(KEYS)).rejects.toThrow();
  });
});
