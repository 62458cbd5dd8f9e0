import { LRUCache } from 'lru-cache';
import type { z } from 'zod';

/**
 * Serialized answers of catalog reads, for a few seconds. Browsing is most of a shop's traffic and
 * the same pages are asked for again and again; a hit skips the database and the serializer.
 * Concurrent misses for one key share a single database read. Catalog changes anywhere call clear()
 * (catalog-changes.ts, docs/decisions/003 and 028).
 */
export type CatalogReadCache = ReturnType<typeof createCatalogReadCache>;

type Producer = () => Promise<Buffer>;

export function createCatalogReadCache({ ttlMs, maxBytes = 32 * 1024 * 1024 }: { ttlMs: number; maxBytes?: number }) {
  const cache =
    ttlMs > 0
      ? new LRUCache<string, Buffer, Producer>({
          maxSize: maxBytes,
          sizeCalculation: (bytes) => Math.max(1, bytes.length),
          ttl: ttlMs,
          fetchMethod: (_key, _stale, { context }) => context(),
        })
      : undefined;
  let clears = 0;

  return {
    /**
     * The UTF-8 JSON of `produce()`'s answer, checked against `schema` once when it is made; kept as
     * bytes so a hit is written to the socket without encoding 15 KB of text again.
     */
    async json<T extends z.ZodType>(key: string, schema: T, produce: () => Promise<z.input<T>>): Promise<Buffer> {
      const make: Producer = async () => Buffer.from(JSON.stringify(schema.parse(await produce())));
      if (!cache) return make();
      const clearsBefore = clears;
      try {
        const bytes = await cache.fetch(key, { context: make });
        return bytes ?? make();
      } catch (error) {
        // clear() aborts reads in flight (their answer may predate the change): read afresh, uncached.
        if (clears !== clearsBefore) return make();
        throw error;
      }
    },

    clear(): void {
      clears += 1;
      cache?.clear();
    },
  };
}
