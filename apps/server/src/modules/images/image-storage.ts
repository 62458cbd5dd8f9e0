import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { imageBlobs } from '../../db/schema.ts';

export type StoredImage = { contentType: string; bytes: Buffer };

/**
 * Where image variants live (decision 021). Keys are content-hashed, so `put` of an existing key
 * is a no-op and a key's bytes never change. The default keeps them in PostgreSQL, which every
 * instance shares; an object-store driver would implement the same three calls.
 */
export type ImageStorage = {
  put(key: string, contentType: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<StoredImage | undefined>;
  remove(keys: readonly string[]): Promise<void>;
};

export function createDatabaseImageStorage({ db }: { db: Database }): ImageStorage {
  return {
    async put(key, contentType, bytes) {
      await db.insert(imageBlobs).values({ key, contentType, bytes }).onConflictDoNothing();
    },
    async get(key) {
      const [row] = await db
        .select({ contentType: imageBlobs.contentType, bytes: imageBlobs.bytes })
        .from(imageBlobs)
        .where(inArray(imageBlobs.key, [key]))
        .limit(1);
      return row ? { contentType: row.contentType, bytes: Buffer.from(row.bytes) } : undefined;
    },
    async remove(keys) {
      if (keys.length > 0) await db.delete(imageBlobs).where(inArray(imageBlobs.key, [...keys]));
    },
  };
}
