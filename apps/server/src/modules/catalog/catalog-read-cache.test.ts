import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCatalogReadCache } from './catalog-read-cache.ts';

const Schema = z.object({ n: z.number() });

function counter() {
  let calls = 0;
  return {
    produce: async () => {
      calls += 1;
      return { n: calls };
    },
    get calls() {
      return calls;
    },
  };
}

describe('catalog read cache', () => {
  it('reuses the serialized answer for the same key and shares concurrent misses', async () => {
    const cache = createCatalogReadCache({ ttlMs: 60_000 });
    const source = counter();
    const answers = await Promise.all([1, 2, 3].map(() => cache.json('k', Schema, source.produce)));
    expect(answers.map(String)).toEqual(['{"n":1}', '{"n":1}', '{"n":1}']);
    expect(String(await cache.json('other', Schema, source.produce))).toBe('{"n":2}');
    expect(source.calls).toBe(2);
  });

  it('keeps other answers (the sitemap) as bytes too, until the catalog changes', async () => {
    const cache = createCatalogReadCache({ ttlMs: 60_000 });
    let calls = 0;
    const produce = async () => Buffer.from(`<urlset n="${(calls += 1)}"/>`);
    expect(String(await cache.bytes('seo:sitemap', produce))).toBe('<urlset n="1"/>');
    expect(String(await cache.bytes('seo:sitemap', produce))).toBe('<urlset n="1"/>');
    cache.clear();
    expect(String(await cache.bytes('seo:sitemap', produce))).toBe('<urlset n="2"/>');
  });

  it('a clear() during a read in flight answers a fresh read, not an error, and caches neither', async () => {
    const cache = createCatalogReadCache({ ttlMs: 60_000 });
    let calls = 0;
    let release: () => void = () => undefined;
    const produce = async () => {
      calls += 1;
      if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
      return { n: calls };
    };
    const pending = cache.json('k', Schema, produce);
    await new Promise((resolve) => setImmediate(resolve));
    cache.clear();
    release();
    expect(String(await pending)).toBe('{"n":2}');
    expect(String(await cache.json('k', Schema, produce))).toBe('{"n":3}');
  });

  it('a read in flight pushed out by newer answers answers a fresh read, not an error', async () => {
    // Room for one answer: the next answer made evicts the slot of the read still in flight.
    const cache = createCatalogReadCache({ ttlMs: 60_000, maxBytes: 8 });
    let release: () => void = () => undefined;
    let slowCalls = 0;
    const slow = async () => {
      slowCalls += 1;
      if (slowCalls === 1) await new Promise<void>((resolve) => (release = resolve));
      return { n: 10 + slowCalls };
    };
    const pending = cache.json('slow', Schema, slow);
    await new Promise((resolve) => setImmediate(resolve));
    const source = counter();
    for (const key of ['a', 'b', 'c']) await cache.json(key, Schema, source.produce);
    release();
    expect(String(await pending)).toMatch(/^\{"n":1[12]\}$/);
  });

  it('reads afresh after clear()', async () => {
    const cache = createCatalogReadCache({ ttlMs: 60_000 });
    const source = counter();
    await cache.json('k', Schema, source.produce);
    cache.clear();
    expect(String(await cache.json('k', Schema, source.produce))).toBe('{"n":2}');
  });

  it('does not cache when the TTL is 0', async () => {
    const cache = createCatalogReadCache({ ttlMs: 0 });
    const source = counter();
    await cache.json('k', Schema, source.produce);
    expect(String(await cache.json('k', Schema, source.produce))).toBe('{"n":2}');
  });

  it('never caches a failure', async () => {
    const cache = createCatalogReadCache({ ttlMs: 60_000 });
    await expect(cache.json('k', Schema, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(String(await cache.json('k', Schema, async () => ({ n: 7 })))).toBe('{"n":7}');
  });

  it('refuses an answer that breaks its schema and drops unknown fields', async () => {
    const cache = createCatalogReadCache({ ttlMs: 60_000 });
    await expect(cache.json('bad', Schema, async () => ({ n: 'x' }) as never)).rejects.toThrow();
    expect(String(await cache.json('extra', Schema, async () => ({ n: 1, secret: 'x' }) as never))).toBe('{"n":1}');
  });

  it('keeps a rendered page until clear(), and never one its producer calls uncacheable', async () => {
    const cache = createCatalogReadCache({ ttlMs: 60_000 });
    let renders = 0;
    const render = (status: number) => async () => {
      renders += 1;
      const body = Buffer.from(`render ${renders}`);
      return { page: { status, body, etag: `"${renders}"` }, cacheable: status === 200 };
    };
    expect(String((await cache.page('page:/a', render(200))).body)).toBe('render 1');
    expect(String((await cache.page('page:/a', render(200))).body)).toBe('render 1');
    expect((await cache.page('page:/missing', render(404))).status).toBe(404);
    expect(String((await cache.page('page:/missing', render(404))).body)).toBe('render 3');
    cache.clear();
    expect(String((await cache.page('page:/a', render(200))).body)).toBe('render 4');
  });
});
