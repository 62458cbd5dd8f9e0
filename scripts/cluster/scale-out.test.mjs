// Scale-out (docs/scaling.md): two web instances and a worker behind nginx on a PostgreSQL primary
// of the run's own, reading the catalog from a real streaming standby of it made with
// pg_basebackup (decision 070), with Varnish from Debian in front, banned by surrogate key from the
// worker (decision 063). Proves the listings come from the standby, a price change reaches every
// instance and the cached pages within the documented bounds, a signed-in answer is never cached,
// and stopping the standby under load fails no request.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildIfStale } from '../build-if-stale.mjs';
import { startPostgresPair } from './postgres-pair.mjs';
import { call, signUp, uniqueEmail } from './shop-client.mjs';
import { startSteadyLoad } from './steady-load.mjs';
import { measureThroughput } from './throughput.mjs';
import { startCluster } from './topology.mjs';
import { startVarnish } from './varnish.mjs';

/** The freshness bound docs/scaling.md promises for a catalog change read through a standby. */
const FRESHNESS_BOUND_MS = 1_000;
/** …and for a cached page in the cache in front: the purge goes out from the worker on the same notification. */
const PURGE_BOUND_MS = 2_000;
const VARNISH_PORT = 4786;
const BALANCER_PORT = 4785;

/** @type {Awaited<ReturnType<typeof startPostgresPair>>} */
let pair;
/** @type {Awaited<ReturnType<typeof startCluster>>} */
let cluster;
/** @type {Awaited<ReturnType<typeof startVarnish>>} */
let varnish;
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
  // Up before the shop, so the worker's first purges (the seeded catalog's) reach it.
  varnish = await startVarnish({ port: VARNISH_PORT, backendPort: BALANCER_PORT, dir: path.join(dir, 'varnish') });
  cluster = await startCluster({
    postgresUrl: pair.primaryUrl,
    standbyUrl: pair.standbyUrl,
    firstInstancePort: 4731,
    balancerPort: BALANCER_PORT,
    smtpPort: 4795,
    redisDb: 10,
    env: {
      RATE_LIMIT_ALLOWLIST: '127.0.0.1',
      CACHE_PURGE: 'varnish-ban',
      CACHE_PURGE_URL: `http://127.0.0.1:${VARNISH_PORT}`,
    },
  });
  sql = new pg.Pool({ connectionString: cluster.database.url, max: 2 });
  sql.on('error', () => undefined);
});

afterAll(async () => {
  await sql?.end();
  await varnish?.stop();
  await cluster?.stop();
  await pair?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  console.log(`\nscale-out figures:\n${JSON.stringify(figures, null, 2)}`);
  const reportDir = process.env.SHOPPER_TEST_REPORT_DIR;
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(path.join(reportDir, 'scale-out-figures.json'), JSON.stringify({ kind: 'scale-out', ...figures }));
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

describe('a cache in front (Varnish)', () => {
  /** A product not on sale, with its guest page and answer through Varnish. */
  async function productInFront() {
    const [product] = (
      await sql.query('select id, slug from products where sale_price_cents is null order by slug limit 1')
    ).rows;
    return product;
  }
  const through = (pathname, headers = {}) => fetch(`${varnish.url}${pathname}`, { headers });

  it(`a guest page is answered from the cache, and a price change reaches it within ${PURGE_BOUND_MS} ms`, async () => {
    // Earlier changes' purges (the standby tests') are out first: none may remove what this caches.
    await vi.waitFor(
      async () => expect((await sql.query('select count(*)::int as n from cache_purge_queue')).rows[0].n).toBe(0),
      { timeout: 10_000, interval: 100 },
    );
    const product = await productInFront();
    const page = `/products/${product.slug}`;
    const answer = `/api/products/slug/${product.slug}`;
    const priceOf = async () => (await (await through(answer)).json()).product.old_price;
    const latencies = [];
    for (let change = 0; change < 2; change += 1) {
      const before = await priceOf();
      await through(page).then((response) => response.text());
      const cached = await through(page);
      expect(cached.headers.get('x-cache')).toBe('HIT');
      expect(await cached.text()).toContain(`$${before.toFixed(2)}`);
      const second = await through(answer);
      expect(second.headers.get('x-cache')).toBe('HIT');
      await second.arrayBuffer();

      const changedAt = Date.now();
      await sql.query('update products set price_cents = price_cents + 100 where id = $1', [product.id]);
      const after = Number((before + 1).toFixed(2));
      await vi.waitFor(
        async () => {
          expect(await priceOf()).toBe(after);
          expect(await (await through(page)).text()).toContain(`$${after.toFixed(2)}`);
        },
        { timeout: PURGE_BOUND_MS, interval: 20 },
      );
      latencies.push(Date.now() - changedAt);
    }
    figures.cachedPagePriceChangeMaxMs = Math.max(...latencies);
    expect(figures.cachedPagePriceChangeMaxMs).toBeLessThanOrEqual(PURGE_BOUND_MS);
  });

  it('never keeps an answer for a signed-in customer or a request with a cookie', async () => {
    const { token } = await signUp(cluster.balancerUrl, uniqueEmail('cache'));
    const product = await productInFront();
    for (const [pathname, headers] of [
      ['/api/cart', { 'auth-token': token }],
      ['/api/users/me', { 'auth-token': token }],
      [`/api/products/slug/${product.slug}`, { 'auth-token': token }],
      [`/products/${product.slug}`, { cookie: 'refresh=anything' }],
      ['/cart', {}],
    ]) {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await through(pathname, headers);
        await response.arrayBuffer();
        expect(response.headers.get('x-cache'), `${pathname} ${JSON.stringify(Object.keys(headers))}`).toBe('MISS');
        expect(response.headers.get('cache-control') ?? '', pathname).not.toContain('public');
      }
    }
  });

  it('guest page throughput: through the cache against nginx alone', async () => {
    const product = await productInFront();
    const page = `/products/${product.slug}`;
    await through(page).then((response) => response.text());
    const cached = await measureThroughput(`${varnish.url}${page}`, { seconds: 4 });
    const direct = await measureThroughput(`${cluster.balancerUrl}${page}`, { seconds: 4 });
    figures.guestPageThroughput = {
      throughVarnish: { requestsPerSecond: cached.requestsPerSecond, p99Ms: cached.p99Ms },
      nginxToInstances: { requestsPerSecond: direct.requestsPerSecond, p99Ms: direct.p99Ms },
    };
    expect(cached.failures).toEqual([]);
    expect(direct.failures).toEqual([]);
    expect(cached.requestsPerSecond).toBeGreaterThan(direct.requestsPerSecond);
  });
});
