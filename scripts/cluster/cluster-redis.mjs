// The cluster's shared rate-limit counters live in a Redis database number of its own, emptied
// before and after a run; never db 0, which other programs on the machine may use.
import { Redis } from 'ioredis';

/**
 * @param {string} baseUrl redis://host:port
 * @param {number} dbNumber 1-15
 * @returns {Promise<{ url: string, flush(): Promise<void>, client: Redis, close(): Promise<void> }>}
 */
export async function openClusterRedis(baseUrl, dbNumber) {
  if (!Number.isInteger(dbNumber) || dbNumber < 1 || dbNumber > 15) {
    throw new Error(`the cluster's Redis database must be 1-15, not ${dbNumber} (db 0 is left alone)`);
  }
  const url = `${baseUrl.replace(/\/\d*$/, '')}/${dbNumber}`;
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  // The fault drills take Redis away on purpose; ioredis reconnects by itself meanwhile.
  client.on('error', () => undefined);
  await client.connect();
  const flush = async () => {
    await client.flushdb();
  };
  await flush();
  return {
    url,
    client,
    flush,
    async close() {
      await flush().catch(() => undefined);
      client.disconnect();
    },
  };
}
