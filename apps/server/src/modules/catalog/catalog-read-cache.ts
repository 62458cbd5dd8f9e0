import { LRUCache } from 'lru-cache';
import type { z } from 'zod';

/**
 * Serialized answers of catalog reads, for a few seconds. Browsing is most of a shop's traffic and
 * the same pages are asked for again and again; a hit skips the database and the serializer.
 * Concurrent misses for one key share a single database read. Writes to the catalog call clear();
 * other instances see a change within the TTL (docs/decisions/003-catalog-read-cache.md).
 */
export type CatalogReadCache = ReturnType<typeof createCatalogReadCache>;

type Producer = () => Promise<string>;

export function createCatalogReadCache({ ttlMs, maxBytes = 32 * 1024 * 1024 }: { ttlMs: number; maxBytes?: number }) {
  const cache =
    ttlMs > 0
      ? new LRUCache<string, string, Producer>({
          maxSize: maxBytes,
          sizeCalculation: (text) => Math.max(1, text.length),
          ttl: ttlMs,
          fetchMethod: (_key, _stale, { context }) => context(),
        })
      : undefined;

  return {
    /** The JSON text of `produce()`'s answer, checked against `schema` once when it is made. */
    async json<T extends z.ZodType>(key: string, schema: T, produce: () => Promise<z.input<T>>): Promise<string> {
      const make: Producer = async () => JSON.stringify(schema.parse(await produce()));
      if (!cache) return make();
      const text = await cache.fetch(key, { context: make });
      return text ?? make();
    },

    clear(): void {
      cache?.clear();
    },
  };
}
