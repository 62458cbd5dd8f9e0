import { count, eq, inArray, min } from 'drizzle-orm';
import client from 'prom-client';
import type { Database } from '../db/client.ts';
import { mailOutbox, paymentIntents } from '../db/schema.ts';

/** What a catalog read cache lookup was: a hit needed no database read of its own. */
export type CacheRead = { kind: 'json' | 'page' | 'bytes'; outcome: 'hit' | 'miss' };

/** One run of the payment sweep, as reconciler.ts reports it. */
export type SweepOutcome = { completed: number; captured: number; released: number; closed: number; failed: number };

/** Money authorized and not yet captured: what the sweep settles when no webhook did. */
const AUTHORIZED_STATUSES = ['requires_capture', 'processing'];

const secondsSince = (date: Date | null, now: Date) =>
  date ? Math.max(0, (now.getTime() - date.getTime()) / 1000) : 0;

/**
 * The shop's own metrics beside the route durations (route-durations.ts) and the process's defaults, in
 * prom-client's global registry (the one /metrics serves). fastify-metrics empties that registry
 * when an app is built, so this is created after it, once per app.
 *
 * Gauges of database state are read when scraped, not kept up to date on every write: a scrape
 * every few seconds costs two indexed queries; bookkeeping on every mail and payment would cost more.
 */
export function createShopMetrics({
  db,
  clock = () => new Date(),
  readCounts,
}: {
  db: Database;
  clock?: () => Date;
  /** With DATABASE_READ_URL: the read-only queries each kind of server answered (read-replicas.ts). */
  readCounts?: () => { standby: number; primary: number };
}) {
  const cacheHits = new client.Counter({
    name: 'shopper_catalog_cache_hits_total',
    help: 'Catalog read cache lookups answered without a database read of their own (kind: json API answers, rendered pages, other bytes)',
    labelNames: ['kind'],
  });
  const cacheMisses = new client.Counter({
    name: 'shopper_catalog_cache_misses_total',
    help: 'Catalog read cache lookups that read the database',
    labelNames: ['kind'],
  });
  const refusals = new client.Counter({
    name: 'shopper_rate_limit_refusals_total',
    help: 'Requests refused with 429 by a rate limit, by route pattern',
    labelNames: ['route'],
  });

  new client.Gauge({
    name: 'shopper_mail_outbox_pending',
    help: 'Mail waiting in the outbox to be sent (due now or retrying later)',
    async collect() {
      const [row] = await readOrNothing(() =>
        db.select({ pending: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'pending')),
      );
      if (row) this.set(row.pending);
    },
  });
  new client.Gauge({
    name: 'shopper_mail_outbox_oldest_pending_seconds',
    help: 'Age of the oldest mail still waiting in the outbox; 0 when none waits',
    async collect() {
      const [row] = await readOrNothing(() =>
        db
          .select({ oldest: min(mailOutbox.createdAt) })
          .from(mailOutbox)
          .where(eq(mailOutbox.status, 'pending')),
      );
      if (row) this.set(secondsSince(row.oldest, clock()));
    },
  });
  new client.Gauge({
    name: 'shopper_payment_oldest_authorized_seconds',
    help: 'Age of the oldest payment whose money is authorized but not captured; past the settle delay plus a sweep interval, the sweep is behind',
    async collect() {
      const [row] = await readOrNothing(() =>
        db
          .select({ oldest: min(paymentIntents.createdAt) })
          .from(paymentIntents)
          .where(inArray(paymentIntents.status, AUTHORIZED_STATUSES)),
      );
      if (row) this.set(secondsSince(row.oldest, clock()));
    },
  });

  if (readCounts) {
    new client.Counter({
      name: 'shopper_database_reads_total',
      help: 'Read-only queries meant for the standbys (DATABASE_READ_URL), by the server that answered: standby, or primary when no standby was fresh and reachable',
      labelNames: ['server'],
      collect() {
        const counts = readCounts();
        this.reset();
        this.inc({ server: 'standby' }, counts.standby);
        this.inc({ server: 'primary' }, counts.primary);
      },
    });
  }

  const sweepFinishedAt = new client.Gauge({
    name: 'shopper_payment_sweep_last_run_timestamp_seconds',
    help: 'When the last payment sweep run finished (the server start before the first); time() minus this is the sweep lag',
  });
  sweepFinishedAt.set(clock().getTime() / 1000);
  const sweepDuration = new client.Histogram({
    name: 'shopper_payment_sweep_duration_seconds',
    help: 'How long each payment sweep run took',
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
  });
  const sweptPayments = new client.Counter({
    name: 'shopper_payment_sweep_payments_total',
    help: 'Payments the sweep acted on, by what it did (completed, captured, released, closed, failed)',
    labelNames: ['outcome'],
  });

  return {
    catalogCacheRead: ({ kind, outcome }: CacheRead): void => {
      (outcome === 'hit' ? cacheHits : cacheMisses).inc({ kind });
    },
    rateLimitRefused: (route: string): void => {
      refusals.inc({ route });
    },
    paymentSweepFinished: (outcome: SweepOutcome, seconds: number): void => {
      sweepFinishedAt.set(clock().getTime() / 1000);
      sweepDuration.observe(seconds);
      for (const [name, value] of Object.entries(outcome)) if (value > 0) sweptPayments.inc({ outcome: name }, value);
    },
  };
}

export type ShopMetrics = ReturnType<typeof createShopMetrics>;

/** A database that does not answer must not fail the whole scrape: the gauge keeps its last value. */
async function readOrNothing<T>(read: () => Promise<T[]>): Promise<T[]> {
  try {
    return await read();
  } catch {
    return [];
  }
}
