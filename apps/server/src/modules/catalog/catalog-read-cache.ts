import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import type { CacheRead } from '../../metrics/shop-metrics.ts';
import { type AnswerSerializer, compileAnswerSerializer } from './answer-serializer.ts';

/**
 * Serialized answers of catalog reads, for a few seconds. Browsing is most of a shop's traffic and
 * the same pages are asked for again and again; a hit skips the database and the serializer.
 * Concurrent misses for one key share a single database read. Catalog changes anywhere call clear()
 * (catalog-changes.ts, docs/decisions/003 and 028).
 */
export type CatalogReadCache = ReturnType<typeof createCatalogReadCache>;

/** A rendered storefront page (decision 024): its status, bytes and entity tag. */
export type CachedPage = {
  status: number;
  body: Buffer;
  etag: string;
  location?: string;
  /** The surrogate keys of the catalog answers the page shows (decision 063). */
  keys?: string[];
};

type Cached = Buffer | CachedPage;
type Producer = () => Promise<Cached | undefined>;

/**
 * lru-cache rejects a read in flight whose slot went away before it finished, with one of these
 * reasons: clear() deleted it, newer answers evicted it (a burst of pages nobody asked for before
 * fills the cache), or a set replaced it. The answer is still wanted: it is read afresh, uncached.
 */
const SLOT_LOST = new Set(['deleted', 'evicted', 'replaced']);

function lostItsSlot(error: unknown, clearedMeanwhile: boolean): boolean {
  return clearedMeanwhile || (error instanceof Error && SLOT_LOST.has(error.message));
}

function sizeOf(value: Cached): number {
  return Math.max(1, Buffer.isBuffer(value) ? value.length : value.body.length);
}

export function createCatalogReadCache({
  ttlMs,
  maxBytes = 32 * 1024 * 1024,
  onRead,
  checkAnswers = true,
}: {
  ttlMs: number;
  maxBytes?: number;
  /**
   * Parse every answer made with the contract's zod schema before it is written (tests and
   * development); production trusts the compiled serializer and the tests (docs/decisions/056).
   */
  checkAnswers?: boolean;
  /** Told of every lookup: the metrics' hit ratio. */
  onRead?: (read: CacheRead) => void;
}) {
  const cache =
    ttlMs > 0
      ? new LRUCache<string, Cached, Producer>({
          maxSize: maxBytes,
          sizeCalculation: sizeOf,
          ttl: ttlMs,
          fetchMethod: (_key, _stale, { context }) => context(),
        })
      : undefined;
  let clears = 0;
  const serializers = new WeakMap<z.ZodType, AnswerSerializer<unknown>>();
  function serializerFor<T extends z.ZodType>(schema: T): AnswerSerializer<z.input<T>> {
    let serialize = serializers.get(schema);
    if (!serialize) {
      serialize = compileAnswerSerializer(schema, { check: checkAnswers }) as AnswerSerializer<unknown>;
      serializers.set(schema, serialize);
    }
    return serialize;
  }

  /**
   * `cache.fetch`, counted: a miss is a lookup that made its own database read; one that found the
   * answer, or joined a read already under way for the same key, is a hit.
   */
  async function fetchCounted(kind: CacheRead['kind'], key: string, produce: Producer): Promise<Cached | undefined> {
    let isMiss = false;
    try {
      return await cache?.fetch(key, {
        context: () => {
          isMiss = true;
          return produce();
        },
      });
    } finally {
      onRead?.({ kind, outcome: isMiss ? 'miss' : 'hit' });
    }
  }

  return {
    /**
     * The UTF-8 JSON of `produce()`'s answer, written by `schema`'s compiled serializer once when it
     * is made; kept as bytes so a hit is written to the socket without encoding 15 KB of text again.
     */
    async json<T extends z.ZodType>(key: string, schema: T, produce: () => Promise<z.input<T>>): Promise<Buffer> {
      const serialize = serializerFor(schema);
      const make = async () => Buffer.from(serialize(await produce()));
      if (!cache) {
        onRead?.({ kind: 'json', outcome: 'miss' });
        return make();
      }
      const clearsBefore = clears;
      try {
        const bytes = await fetchCounted('json', key, make);
        return Buffer.isBuffer(bytes) ? bytes : make();
      } catch (error) {
        // clear() aborts reads in flight (their answer may predate the change): read afresh, uncached.
        if (lostItsSlot(error, clears !== clearsBefore)) return make();
        throw error;
      }
    },

    /**
     * A rendered page under `key` (its own key space: callers prefix it). `produce` answers
     * `cacheable: false` for what must not take a slot (a 404 of a made-up URL); that answer is
     * still returned, only not kept.
     */
    async page(key: string, produce: () => Promise<{ page: CachedPage; cacheable: boolean }>): Promise<CachedPage> {
      if (!cache) {
        onRead?.({ kind: 'page', outcome: 'miss' });
        return (await produce()).page;
      }
      let made: CachedPage | undefined;
      const make = async () => {
        const { page, cacheable } = await produce();
        made = page;
        return cacheable ? page : undefined;
      };
      const clearsBefore = clears;
      try {
        const page = await fetchCounted('page', key, make);
        if (page && !Buffer.isBuffer(page)) return page;
        // Not cacheable, or a concurrent caller's uncached answer this caller cannot see.
        return made ?? (await produce()).page;
      } catch (error) {
        if (lostItsSlot(error, clears !== clearsBefore)) return (await produce()).page;
        throw error;
      }
    },

    clear(): void {
      clears += 1;
      cache?.clear();
    },

    /** Any other answer made from the catalog (the sitemap), kept as bytes the same way. */
    async bytes(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
      if (!cache) {
        onRead?.({ kind: 'bytes', outcome: 'miss' });
        return make();
      }
      const clearsBefore = clears;
      try {
        const found = await fetchCounted('bytes', key, make);
        return Buffer.isBuffer(found) ? found : make();
      } catch (error) {
        if (lostItsSlot(error, clears !== clearsBefore)) return make();
        throw error;
      }
    },
  };
}
