// Read replicas (docs/decisions/070): two web instances and a worker behind nginx on a PostgreSQL
// primary of the run's own, reading the catalog from a real streaming standby of it made with
// pg_basebackup. Proves the listings come from the standby, a price change reaches every instance
// within the documented bound, and stopping the standby under load fails no request.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildIfStale } from '../build-if-stale.mjs';
import { startPostgresPair } from './postgres-pair.mjs';
import { call } from './shop-client.mjs';
import { startSteadyLoad } from './steady-load.mjs';
import { startCluster } from './topology.mjs';

/** The freshness bound docs/scaling.md promises for a catalog change read through a standby. */
const FRESHNESS_BOUND_MS = 1_000;

/** @type {Awaited<ReturnType<typeof startPostgresPair>>} */
let pair;
/** @type {Awaited<ReturnType<typeof startCluster>>} */
let cluster;
/** @type {pg.Pool} */
let sql;
let dir;
const figures = {};

let window = 0;
/** A listing page no cache has seen: a price window of its own. */
const freshListing = () => `/api/products/all-products?limit=12&minPrice=1&maxPrice=${300 + (window += 1) / 100}`;

/** The instances' read counters from /metrics: reads each kind of server answered. */
async function readsByServer() {
  const totals = { standby: 0, primary: 0 };
  for (const instance of cluster.instances) {
    const response = await fetch(`${instance.url}/metrics`, {
      headers: { authorization: `Bearer ${cluster.env.METRICS_TOKEN}` },
    });
    const text = await response.text();
    for (const server of ['standby', 'primary']) {
      const line = text
        .split('\n')
        .find((entry) => entry.startsWith(`shopper_database_reads_total{server="${server}"}`));
      totals[server] += Number(line?.split(' ').at(-1) ?? 0);
    }
  }
  return totals;
}

/** Transactions the standby's own statistics count for the run's database. */
async function standbyTransactions() {
  const client = new pg.Client({ connectionString: pair.standbyUrl('postgres') });
  await client.connect();
  try {
    const { rows } = await client.query('select xact_commit::int as commits from pg_stat_database where datname = $1', [
      cluster.database.name,
    ]);
    return rows[0]?.commits ?? 0;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  buildIfStale(['web', 'server']);
  dir = mkdtempSync(path.join(tmpdir(), 'shopper-replicas-'));
  // The servers run as the postgres user when this runs as root: it must reach its folders.
  chmodSync(dir, 0o755);
  pair = await startPostgresPair({ dir: path.join(dir, 'postgres'), primaryPort: 4820, standbyPort: 4821 });
  cluster = await startCluster({
    postgresUrl: pair.primaryUrl,
    standbyUrl: pair.standbyUrl,
    firstInstancePort: 4731,
    balancerPort: 4785,
    smtpPort: 4795,
    redisDb: 10,
    env: { RATE_LIMIT_ALLOWLIST: '127.0.0.1' },
  });
  sql = new pg.Pool({ connectionString: cluster.database.url, max: 2 });
  sql.on('error', () => undefined);
});

afterAll(async () => {
  await sql?.end();
  await cluster?.stop();
  await pair?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  console.log(`\nread replica figures:\n${JSON.stringify(figures, null, 2)}`);
  const reportDir = process.env.SHOPPER_TEST_REPORT_DIR;
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(path.join(reportDir, 'replica-figures.json'), JSON.stringify({ kind: 'read replicas', ...figures }));
  }
});

describe('read replicas', () => {
  it('listings are answered by the standby, counted by the shop and by the standby itself', async () => {
    // The standby is used once an instance has seen it replay what the primary had at start.
    await vi.waitFor(
      async () => {
        expect((await call(cluster.balancerUrl, 'GET', freshListing())).status).toBe(200);
        expect((await readsByServer()).standby).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 100 },
    );
    const readsBefore = await readsByServer();
    const commitsBefore = await standbyTransactions();
    const requests = 200;
    for (let index = 0; index < requests; index += 1) {
      const answer = await call(cluster.balancerUrl, 'GET', freshListing());
      expect(answer.status).toBe(200);
      expect(answer.body.products.length).toBeGreaterThan(0);
    }
    const readsAfter = await readsByServer();
    figures.listingRequests = requests;
    figures.readsOnStandby = readsAfter.standby - readsBefore.standby;
    figures.readsOnPrimary = readsAfter.primary - readsBefore.primary;
    expect(figures.readsOnStandby).toBeGreaterThanOrEqual(requests);
    expect(figures.readsOnPrimary).toBeLessThan(figures.readsOnStandby / 10);
    // The standby's statistics are flushed by its sessions within a few seconds.
    await vi.waitFor(
      async () => expect((await standbyTransactions()) - commitsBefore).toBeGreaterThanOrEqual(requests),
      {
        timeout: 15_000,
        interval: 250,
      },
    );
    figures.standbyTransactions = (await standbyTransactions()) - commitsBefore;
  });

  it(`a price change made on the primary shows through every instance within ${FRESHNESS_BOUND_MS} ms`, async () => {
    const [product] = (await sql.query('select id from products order by slug limit 1')).rows;
    const priceOn = async (instance) =>
      (await call(instance.url, 'GET', `/api/products/${product.id}`)).body.product.old_price;
    const latencies = [];
    for (let change = 0; change < 3; change += 1) {
      // Read first, so every instance holds the old price in its cache.
      const before = await priceOn(cluster.instances[0]);
      for (const instance of cluster.instances) expect(await priceOn(instance)).toBe(before);
      const changedAt = Date.now();
      await sql.query('update products set price_cents = price_cents + 100 where id = $1', [product.id]);
      await Promise.all(
        cluster.instances.map(async (instance) => {
          await vi.waitFor(async () => expect(await priceOn(instance)).not.toBe(before), {
            timeout: FRESHNESS_BOUND_MS,
            interval: 10,
          });
          latencies.push(Date.now() - changedAt);
        }),
      );
    }
    figures.priceChangeSeenEverywhereMaxMs = Math.max(...latencies);
    expect(figures.priceChangeSeenEverywhereMaxMs).toBeLessThanOrEqual(FRESHNESS_BOUND_MS);
  });

  it('stopping the standby under load fails no request: its reads go to the primary', async () => {
    const load = startSteadyLoad({
      baseUrl: cluster.balancerUrl,
      workers: 8,
      requests: [
        { method: 'GET', path: freshListing },
        { method: 'GET', path: '/api/products/facets' },
        { method: 'GET', path: freshListing },
        { method: 'GET', path: '/shop' },
      ],
    });
    await vi.waitFor(() => expect(load.counts.total).toBeGreaterThan(100), { timeout: 10_000, interval: 50 });
    const primaryBefore = (await readsByServer()).primary;
    await pair.stopStandby();
    const totalAtStop = load.counts.total;
    await vi.waitFor(() => expect(load.counts.total - totalAtStop).toBeGreaterThan(300), {
      timeout: 20_000,
      interval: 50,
    });
    const result = await load.stop();
    figures.standbyStop = {
      requests: result.total,
      failed: result.failed,
      serverErrors: result.serverErrors,
      readsOnPrimaryAfterStop: (await readsByServer()).primary - primaryBefore,
    };
    expect(result.failures).toEqual([]);
    expect(result.serverErrors).toBe(0);
    expect(figures.standbyStop.readsOnPrimaryAfterStop).toBeGreaterThan(0);
    // Back again, the standby takes the reads once more.
    await pair.startStandby();
    const standbyBefore = (await readsByServer()).standby;
    await vi.waitFor(
      async () => {
        expect((await call(cluster.balancerUrl, 'GET', freshListing())).status).toBe(200);
        expect((await readsByServer()).standby).toBeGreaterThan(standbyBefore);
      },
      { timeout: 10_000, interval: 100 },
    );
  });
});
