import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createPeriodicWork } from '../../lib/periodic-work.ts';
import { cleanSurrogateKeys, SURROGATE_KEYS } from '../../lib/surrogate-keys.ts';
import type { PurgeSender } from './purge-targets.ts';

export type CachePurger = {
  /** Sends one batch of due keys; true when more may be due. */
  runOnce(): Promise<boolean>;
  start(intervalMs?: number): void;
  /** A catalog change was committed: purge soon rather than at the next tick. */
  nudge(): void;
  stop(): Promise<void>;
};

type Claimed = { key: string; queued_at: string; attempts: number };

const BATCH = 100;
/** A claimed key not answered for by then (the worker died mid-purge) is claimed again. */
const LEASE_SECONDS = 60;
/** Retries wait `retryAfterSeconds`, doubled per failure, up to this. */
const MAX_RETRY_SECONDS = 300;
const DEFAULT_INTERVAL_MS = 5_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The purger (decision 063): takes the due keys the catalog triggers queued, adds the current slug
 * and category of each product still there and the cross-category listings, sends them to the
 * purge target, and deletes what was purged. Several workers share the queue: a key is claimed
 * with `FOR UPDATE SKIP LOCKED` and a lease, so each change is purged once. A refused purge is
 * logged and retried with backoff; nothing here ever answers a request.
 */
export function createCachePurger({
  db,
  sender,
  log,
  retryAfterSeconds = 5,
}: {
  db: Database;
  sender: PurgeSender;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'debug'>;
  retryAfterSeconds?: number;
}): CachePurger {
  async function claim(): Promise<Claimed[]> {
    const result = await db.execute(sql`
      update cache_purge_queue q
         set next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = q.attempts + 1
       where q.key in (select key from cache_purge_queue where next_attempt_at <= now()
                        order by next_attempt_at limit ${BATCH} for update skip locked)
      returning q.key, q.queued_at::text as queued_at, q.attempts`);
    return (result as { rows: Claimed[] }).rows;
  }

  /** What else a product's change reaches: its current slug and category, and the listings across categories. */
  async function expand(keys: string[]): Promise<string[]> {
    const ids = keys.map((key) => /^product-(.+)$/.exec(key)?.[1]).filter((id): id is string => !!id && UUID.test(id));
    const all = new Set(keys);
    if (ids.length === 0) return [...all];
    all.add(SURROGATE_KEYS.allProducts);
    const result = await db.execute(
      sql`select slug, category from products where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    for (const row of (result as { rows: { slug: string; category: string }[] }).rows) {
      all.add(SURROGATE_KEYS.productSlug(row.slug));
      all.add(SURROGATE_KEYS.category(row.category));
    }
    return [...all];
  }

  async function done(rows: Claimed[]): Promise<void> {
    for (const row of rows) {
      // A change committed since the claim moved queued_at: that key stays queued for another purge.
      await db.execute(
        sql`delete from cache_purge_queue where key = ${row.key} and queued_at = ${row.queued_at}::timestamptz`,
      );
    }
  }

  async function failed(rows: Claimed[], error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    for (const row of rows) {
      const wait = Math.min(retryAfterSeconds * 2 ** Math.max(0, row.attempts - 1), MAX_RETRY_SECONDS);
      await db.execute(sql`
        update cache_purge_queue
           set next_attempt_at = now() + make_interval(secs => ${wait}), last_error = ${message.slice(0, 500)}
         where key = ${row.key} and queued_at = ${row.queued_at}::timestamptz`);
    }
    log.warn(
      { err: error, target: sender.name, keys: rows.length, attempts: Math.max(...rows.map((row) => row.attempts)) },
      'cache purge failed; it will be retried',
    );
  }

  async function runOnce(): Promise<boolean> {
    const claimed = await claim();
    if (claimed.length === 0) return false;
    // Each claimed key is sent in one slice with what it expands to, and settled with that slice.
    for (let start = 0; start < claimed.length; start += sender.maxKeys) {
      const rows = claimed.slice(start, start + sender.maxKeys);
      try {
        const keys = cleanSurrogateKeys(await expand(rows.map((row) => row.key)));
        for (let from = 0; from < keys.length; from += sender.maxKeys) {
          await sender.purge(keys.slice(from, from + sender.maxKeys));
        }
        await done(rows);
        log.debug({ target: sender.name, keys }, 'cache purged');
      } catch (error) {
        await failed(rows, error);
      }
    }
    return claimed.length === BATCH;
  }

  const work = createPeriodicWork({ step: runOnce, name: 'cache purge', log });
  return {
    runOnce,
    start: (intervalMs = DEFAULT_INTERVAL_MS) => work.start(intervalMs),
    nudge: work.nudge,
    stop: work.stop,
  };
}
