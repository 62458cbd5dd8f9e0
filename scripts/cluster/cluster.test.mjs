// The production topology under test (docs/decisions/027): nginx round-robin in front
// of two NODE_ENV=production instances on one PostgreSQL database, one Redis database and an SMTP
// sink. Steps run in order on one cluster; each leaves it whole for the next.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildIfStale } from '../build-if-stale.mjs';
import { createHash } from 'node:crypto';
import { takeDatabaseAway } from './database-outage.mjs';
import { renderNginxConfig } from './nginx-config.mjs';
import { watchReadiness } from './readiness-watch.mjs';
import { call, PASSWORD, payAndConfirm, signUp, uniqueEmail } from './shop-client.mjs';
import { readSinkMessages } from './smtp-sink.mjs';
import { startSteadyLoad } from './steady-load.mjs';
import { measureThroughput } from './throughput.mjs';
import { CLUSTER_DEFAULTS, startCluster } from './topology.mjs';

/** @type {Awaited<ReturnType<typeof startCluster>>} */
let cluster;
/** @type {pg.Pool} */
let sql;
/** Printed at the end, and written for .ci/run's summary. */
const figures = {};

const balancer = () => cluster.balancerUrl;
const [a, b] = [() => cluster.instances[0], () => cluster.instances[1]];

async function rows(text, values = []) {
  return (await sql.query(text, values)).rows;
}

/** A demo product that has size M, with that size's stock set to `stock` (through the database). */
async function productWithStock(stock, skip) {
  const [row] = await rows(
    // A product in one colour: its M is one row, the one a cart add without a colour takes.
    `select p.id, p.name from products p join product_sizes s on s.product_id = p.id and s.size = 'M'
     where (select count(*) from product_colours c where c.product_id = p.id) = 1
     order by p.slug offset $1 limit 1`,
    [skip],
  );
  await sql.query(`update product_sizes set stock = $2 where product_id = $1 and size = 'M'`, [row.id, stock]);
  return row;
}

/** Customers with a verified email (through the database: the mail journey has its own test) and one M in the cart. */
async function customersWithCart(count, productId) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const customer = await signUp(balancer(), uniqueEmail('buyer'));
      await sql.query('update users set is_email_verified = true where id = $1', [customer.userId]);
      const added = await call(balancer(), 'POST', '/api/cart/add', {
        token: customer.token,
        body: { productId, size: 'M', quantity: 1 },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      return customer;
    }),
  );
}

/** Every intent: how it ended with the provider and how many orders it has. */
async function intentOutcomes(ids) {
  return rows(
    `select t.id, t.status, t.amount_cents, t.amount_received_cents,
            (select count(*)::int from orders o where o.payment_intent_id = t.id) as orders
     from test_provider_intents t where t.id = any($1)`,
    [ids],
  );
}

/** docs/architecture.md#trust-boundaries: one paid intent, exactly one order; no captured money without an order; nothing left authorized. */
function expectMoneySettled(outcomes) {
  for (const intent of outcomes) {
    expect(intent.orders, intent.id).toBeLessThanOrEqual(1);
    if (intent.amount_received_cents > 0) {
      expect(intent, 'captured means one order').toMatchObject({ orders: 1, status: 'succeeded' });
      expect(intent.amount_received_cents).toBe(intent.amount_cents);
    }
    expect(intent.status, `${intent.id} still authorized`).not.toBe('requires_capture');
    if (intent.orders === 1) expect(intent.status).toBe('succeeded');
  }
}

async function stockOf(productId) {
  const [row] = await rows(`select stock from product_sizes where product_id = $1 and size = 'M'`, [productId]);
  return row.stock;
}

/** 20 customers pay at once for the last 5 units, through the balancer. */
async function twentyCustomersForFiveUnits(skip) {
  const product = await productWithStock(5, skip);
  const customers = await customersWithCart(20, product.id);
  const results = await Promise.all(customers.map((customer) => payAndConfirm(balancer(), customer.token)));
  const statuses = results.map((result) => result.answer.status);
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
  expect(statuses.filter((status) => status === 200)).toHaveLength(5);
  const refused = results.filter((result) => result.answer.status !== 200);
  expect(refused).toHaveLength(15);
  for (const { answer } of refused) {
    // Refused when asking to pay (already sold out) or after paying (sold out meanwhile, card released).
    expect([400, 409], JSON.stringify(answer.body)).toContain(answer.status);
    expect(answer.body.message).toMatch(/sold out/);
  }
  expect(await stockOf(product.id)).toBe(0);
  const ids = results.map((result) => result.paymentIntentId).filter(Boolean);
  // Late webhooks and the sweeps of both instances must change nothing once settled.
  await vi.waitFor(async () => expectMoneySettled(await intentOutcomes(ids)), { timeout: 10_000, interval: 250 });
  const outcomes = await intentOutcomes(ids);
  expect(outcomes.filter((intent) => intent.orders === 1)).toHaveLength(5);
  expect(outcomes.filter((intent) => intent.amount_received_cents === 0 && intent.orders === 0)).toHaveLength(
    ids.length - 5,
  );
  return ids;
}

/**
 * Stops and starts each instance in turn (SIGTERM: drain, finish in flight, exit 0), and before
 * the next one waits until nginx sends the restarted instance requests again: its passive check
 * keeps a refused instance out for fail_timeout, and stopping the other one meanwhile leaves none.
 */
async function rollingRestart(env) {
  for (const instance of cluster.instances) {
    const upstream = instance.url.slice('http://'.length);
    // The documented procedure (docs/several-instances.md): out of rotation first, so nginx sends it nothing while it stops.
    cluster.nginx.setDown([Number(new URL(instance.url).port)]);
    await vi.waitFor(
      async () => {
        const from = readFileSync(cluster.nginx.accessLog, 'utf8').length;
        for (let i = 0; i < 6; i += 1) await call(balancer(), 'GET', '/api/health');
        expect(readFileSync(cluster.nginx.accessLog, 'utf8').slice(from)).not.toContain(` ${upstream} `);
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(await instance.stop()).toBe(0);
    await instance.start(env);
    cluster.nginx.setDown([]);
    const seenBefore = readFileSync(cluster.nginx.accessLog, 'utf8').length;
    await vi.waitFor(
      async () => {
        await call(balancer(), 'GET', '/api/health');
        const since = readFileSync(cluster.nginx.accessLog, 'utf8').slice(seenBefore);
        expect(since).toMatch(new RegExp(` ${upstream} 200 `));
      },
      { timeout: 10_000, interval: 100 },
    );
  }
}

/** How many passes of the payment sweep this process made, from its /metrics. */
async function sweepPasses(instance) {
  const scraped = await fetch(`${instance.url}/metrics`, {
    headers: { authorization: `Bearer ${cluster.env.METRICS_TOKEN}` },
  });
  const text = await scraped.text();
  return Number(/^shopper_payment_sweep_duration_seconds_count (\d+)$/m.exec(text)?.[1] ?? 0);
}

function logLinesOf(instance) {
  return readFileSync(path.join(cluster.dir, `${instance.name}.log`), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
}

const postgresUrl = process.env.CLUSTER_POSTGRES_URL ?? CLUSTER_DEFAULTS.postgresUrl;

beforeAll(async () => {
  buildIfStale(['web', 'server']);
  cluster = await startCluster({
    postgresUrl,
    // Redis of the run's own: the Redis drill stops and starts it.
    ownRedisPort: 4791,
    env: {
      // The sweep runs every second on every instance and takes up payments 3 s old.
      PAYMENT_SWEEP_EVERY_SECONDS: '1',
      PAYMENT_RECONCILE_AFTER_MINUTES: '0.05',
      // Every test customer comes from this machine; per-account limits still apply.
      RATE_LIMIT_ALLOWLIST: '127.0.0.1',
      // Mail retries back off from 1 s instead of 30 s, so the mail drill sees several in seconds.
      MAIL_SEND_EVERY_SECONDS: '0.25',
      MAIL_RETRY_AFTER_SECONDS: '1',
    },
  });
  sql = new pg.Pool({ connectionString: cluster.database.url, max: 4 });
  // The PostgreSQL drill cuts this pool's connections too; an idle one lost is replaced.
  sql.on('error', () => undefined);
});

afterAll(async () => {
  await sql?.end();
  await cluster?.stop();
  console.log(`\ncluster figures:\n${JSON.stringify(figures, null, 2)}`);
  console.log(
    'Throughput: on a 2-core machine nginx, autocannon, both instances and PostgreSQL share the same two cores,\n' +
      'and every request through nginx pays one more hop and a new upstream connection (no keepalive, decision 027).\n' +
      'A cached product answer costs the shop well under a millisecond, so the hop dominates and nginx is slower there;\n' +
      'the heavier listing can gain a little from the second process. Either way the gain is small and varies run to run:\n' +
      'more instances pay off with more cores than this machine has.',
  );
  const reportDir = process.env.SHOPPER_TEST_REPORT_DIR;
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(path.join(reportDir, 'cluster-figures.json'), JSON.stringify({ kind: 'cluster', ...figures }));
  }
});

describe('the topology', () => {
  it('nginx sends consecutive requests to alternate instances, each logging its own name', async () => {
    for (let i = 0; i < 4; i += 1) expect((await call(balancer(), 'GET', '/api/health')).status).toBe(200);
    const upstreams = readFileSync(cluster.nginx.accessLog, 'utf8')
      .trim()
      .split('\n')
      .slice(-4)
      .map((line) => line.split(' ').at(-3));
    expect(new Set(upstreams)).toEqual(new Set([a().url.slice(7), b().url.slice(7)]));
    // The log is buffered and written out every 250 ms: wait for the lines rather than race them.
    await vi.waitFor(
      () => {
        expect(logLinesOf(a()).some((line) => line.instance === 'shop-a')).toBe(true);
        expect(logLinesOf(b()).some((line) => line.instance === 'shop-b')).toBe(true);
      },
      { timeout: 5_000, interval: 100 },
    );
  });

  it('the nginx example of docs/several-instances.md is what runs: round-robin, passive checks, no POST replayed', () => {
    const page = readFileSync(new URL('../../docs/several-instances.md', import.meta.url), 'utf8');
    const documented = /^```nginx\n([\s\S]*?)^```$/m.exec(page)?.[1];
    expect(documented, 'docs/several-instances.md shows no ```nginx block').toBeDefined();
    // The page shows two instances on ports 3001 and 3002, nginx on port 80, files under /var/lib.
    const config = renderNginxConfig({ listenPort: 80, instancePorts: [3001, 3002], prefix: '/var/lib/shopper-nginx' });
    expect(documented).toBe(config);
    expect(config).toContain('server 127.0.0.1:3001 max_fails=1 fail_timeout=2s;');
    expect(config).toContain('proxy_next_upstream error timeout http_502 http_503 http_504;');
    expect(config).not.toMatch(/proxy_next_upstream [^;]*non_idempotent/);
  });

  it('the worker answers health, readiness and metrics only; the web instances run no sweep', async () => {
    const [worker] = cluster.workers;
    expect((await call(worker.url, 'GET', '/api/health')).status).toBe(200);
    expect((await call(worker.url, 'GET', '/api/ready')).status).toBe(200);
    expect((await call(worker.url, 'GET', '/api/products/all-products')).status).toBe(404);
    // The sweep runs every second where background work runs, and nowhere else.
    await vi.waitFor(async () => expect(await sweepPasses(worker)).toBeGreaterThan(0), { timeout: 10_000 });
    for (const instance of cluster.instances) expect(await sweepPasses(instance), instance.name).toBe(0);
  });

  it('/metrics answers only with the METRICS_TOKEN', async () => {
    expect((await fetch(`${a().url}/metrics`)).status).toBe(401);
    const scraped = await fetch(`${a().url}/metrics`, {
      headers: { authorization: `Bearer ${cluster.env.METRICS_TOKEN}` },
    });
    expect(scraped.status).toBe(200);
  });
});

describe('sessions across instances', () => {
  it('sign up, verify through the mail the SMTP sink got, log in, refresh on one and use on the other, reuse and logout seen everywhere', async () => {
    const email = uniqueEmail('session');
    await signUp(balancer(), email);
    const mail = await vi.waitFor(
      () => {
        const found = readSinkMessages(cluster.smtp.dir).find((message) => message.to.includes(email));
        if (!found) throw new Error('no verification mail yet');
        return found;
      },
      { timeout: 15_000, interval: 200 },
    );
    const link = /\/verify-email\?token=([\w-]+)/.exec(mail.body);
    expect(link, mail.body).not.toBeNull();
    expect(mail.body).toContain(`${cluster.balancerUrl}/verify-email?token=`);
    const verified = await call(balancer(), 'GET', `/api/users/verify-email/${link[1]}`);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);

    const login = await call(a().url, 'POST', '/api/users/login', { body: { email, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect((await call(b().url, 'GET', '/api/users/me', { token: login.body.accessToken })).body.user.email).toBe(
      email,
    );

    // Refresh on A, use the new token and the new cookie on B.
    const rotated = await call(a().url, 'POST', '/api/users/refresh-token', { refresh: login.refresh });
    expect(rotated.status).toBe(200);
    expect(rotated.refresh).toBeTruthy();
    expect((await call(b().url, 'GET', '/api/users/me', { token: rotated.body.accessToken })).status).toBe(200);
    const again = await call(b().url, 'POST', '/api/users/refresh-token', { refresh: rotated.refresh });
    expect(again.status).toBe(200);

    // The first cookie, already rotated on A, replayed on B: reuse, and the whole session ends.
    const reused = await call(b().url, 'POST', '/api/users/refresh-token', { refresh: login.refresh });
    expect(reused.status).toBe(401);
    expect((await call(a().url, 'POST', '/api/users/refresh-token', { refresh: again.refresh })).status).toBe(401);
    expect((await call(a().url, 'GET', '/api/users/me', { token: again.body.accessToken })).status).toBe(401);

    // A new session; logout on B is honoured by A at once.
    const second = await call(b().url, 'POST', '/api/users/login', { body: { email, password: PASSWORD } });
    expect((await call(a().url, 'GET', '/api/users/me', { token: second.body.accessToken })).status).toBe(200);
    const out = await call(b().url, 'POST', '/api/users/logout', {
      token: second.body.accessToken,
      refresh: second.refresh,
    });
    expect(out.status).toBe(200);
    expect((await call(a().url, 'GET', '/api/users/me', { token: second.body.accessToken })).status).toBe(401);
    expect((await call(a().url, 'POST', '/api/users/refresh-token', { refresh: second.refresh })).status).toBe(401);
  });
});

describe('rate limits shared through Redis', () => {
  it('the per-account login limit trips at the same count, the attempts alternating between instances', async () => {
    const email = uniqueEmail('guessed');
    await signUp(balancer(), email);
    const statuses = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const instance = attempt % 2 === 0 ? a() : b();
      statuses.push(
        (await call(instance.url, 'POST', '/api/users/login', { body: { email, password: 'Wrong-guess-1' } })).status,
      );
    }
    // 10 failures from one address on one account (decision 012), counted once across instances.
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const locked = await call(a().url, 'POST', '/api/users/login', { body: { email, password: PASSWORD } });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many attempts. Please wait a few minutes and try again.');
  });
});

/**
 * Makes each change (`make()` writes it somewhere) with both instances' caches warm, and answers
 * the longest time any instance took to show it: without a notification the old answer would live
 * CATALOG_CACHE_TTL_MS (5 s).
 */
async function msUntilSeenEverywhere(productId, changes) {
  const seen = async (instance) => (await call(instance.url, 'GET', `/api/products/${productId}`)).body.product;
  const latencies = [];
  for (const change of changes) {
    const before = change.read(await seen(a()));
    expect(change.read(await seen(b()))).toEqual(before);
    const changedAt = Date.now();
    await change.make();
    await Promise.all(
      cluster.instances.map(async (instance) => {
        await vi.waitFor(async () => expect(change.read(await seen(instance))).not.toEqual(before), {
          timeout: 1_000,
          interval: 10,
        });
        latencies.push(Date.now() - changedAt);
      }),
    );
  }
  return Math.max(...latencies);
}

describe('catalog freshness', () => {
  it('a price and a stock change made in the database show on every instance within one second', async () => {
    const product = await productWithStock(7, 5);
    const onDatabase = (text) => () => sql.query(text, [product.id]);
    figures.catalogFreshnessMaxMs = await msUntilSeenEverywhere(product.id, [
      {
        make: onDatabase(`update products set price_cents = price_cents + 100 where id = $1`),
        read: (p) => p.old_price,
      },
      {
        make: onDatabase(`update product_sizes set stock = 3 where product_id = $1 and size = 'M'`),
        read: (p) => JSON.stringify(p.stock),
      },
    ]);
    expect(figures.catalogFreshnessMaxMs).toBeLessThanOrEqual(1_000);
  });
});

describe('back office on the cluster', () => {
  it('the first owner comes from the command; a price and a stock change made in the back office show on every instance within one second', async () => {
    const owner = await signUp(balancer(), uniqueEmail('owner'));
    // The documented way to make the first owner of a production shop (docs/back-office.md).
    const made = spawnSync(
      process.execPath,
      [path.resolve('apps/server/dist/cli/admin.js'), 'create-owner', owner.email],
      {
        input: `${PASSWORD}\n`,
        env: { ...cluster.env, PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn' },
        encoding: 'utf8',
      },
    );
    expect(made.status, made.stderr).toBe(0);
    const login = await call(balancer(), 'POST', '/api/users/login', {
      body: { email: owner.email, password: PASSWORD },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const token = login.body.accessToken;

    const product = await productWithStock(9, 6);
    // Made on one instance; the other must not wait out its cache's TTL.
    const onInstanceA = (method, path, body) => async () => {
      const answer = await call(a().url, method, path, { token, body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    figures.backOfficeFreshnessMaxMs = await msUntilSeenEverywhere(product.id, [
      { make: onInstanceA('PATCH', `/api/admin/products/${product.id}`, { price: 123.45 }), read: (p) => p.old_price },
      {
        make: onInstanceA('POST', '/api/admin/stock/adjustments', {
          productId: product.id,
          size: 'M',
          quantity: 2,
          reason: 'adjustment',
          note: 'cluster count',
        }),
        read: (p) => JSON.stringify(p.stock),
      },
    ]);
    expect(figures.backOfficeFreshnessMaxMs).toBeLessThanOrEqual(1_000);
  });
});

describe('money under concurrency', () => {
  it('20 customers pay at once for 5 units: 5 orders, 15 clear refusals, no 5xx, stock 0', async () => {
    await twentyCustomersForFiveUnits(0);
  });
});

describe('throughput', () => {
  it('listing and product JSON: through nginx to two instances versus one instance direct', async () => {
    const [product] = await rows(`select id from products order by slug limit 1`);
    const paths = { listing: '/api/products/all-products?limit=12', product: `/api/products/${product.id}` };
    figures.throughput = {};
    for (const [name, route] of Object.entries(paths)) {
      const direct = await measureThroughput(`${a().url}${route}`, { seconds: 4 });
      const balanced = await measureThroughput(`${balancer()}${route}`, { seconds: 4 });
      figures.throughput[name] = {
        oneInstanceDirect: direct.requestsPerSecond,
        nginxTwoInstances: balanced.requestsPerSecond,
        p99MsDirect: direct.p99Ms,
        p99MsNginx: balanced.p99Ms,
      };
      expect({ name, direct: direct.failures, balanced: balanced.failures }).toEqual({
        name,
        direct: [],
        balanced: [],
      });
    }
  });
});

describe('background work on every instance, done once', () => {
  it('each outbox mail reached the SMTP sink exactly once', async () => {
    await vi.waitFor(
      async () => {
        const [due] = await rows(
          `select count(*)::int as n from mail_outbox where status = 'pending' and next_attempt_at <= now()`,
        );
        expect(due.n).toBe(0);
      },
      { timeout: 15_000, interval: 250 },
    );
    const [{ sent }] = await rows(`select count(*)::int as sent from mail_outbox where status = 'sent'`);
    const messages = readSinkMessages(cluster.smtp.dir);
    const keys = messages.map(
      (message) =>
        `${message.to.join(',')}|${message.subject}|${message.body.replace(/^(Date|Message-ID|X-.*?):.*$/gm, '')}`,
    );
    expect(new Set(keys).size).toBe(messages.length);
    expect(messages.length).toBe(sent);
    expect(sent).toBeGreaterThan(5);
    figures.mailsDeliveredOnce = sent;
  });
});

describe('restarts and faults', () => {
  it('a rolling restart (SIGTERM one instance at a time) under steady load fails zero requests', async () => {
    const [product] = await rows(
      `select p.id from products p join product_sizes s on s.product_id = p.id and s.size = 'M' and s.stock > 0
       where (select count(*) from product_colours c where c.product_id = p.id) = 1
       order by p.slug desc limit 1`,
    );
    const shopper = await signUp(balancer(), uniqueEmail('steady'));
    // The cart line must exist for /update.
    await call(balancer(), 'POST', '/api/cart/add', {
      token: shopper.token,
      body: { productId: product.id, size: 'M', quantity: 1 },
    });
    const load = startSteadyLoad({
      baseUrl: balancer(),
      workers: 6,
      requests: [
        { method: 'GET', path: '/api/products/all-products?limit=12' },
        { method: 'GET', path: `/api/products/${product.id}` },
        {
          method: 'POST',
          path: '/api/cart/update',
          token: shopper.token,
          body: { productId: product.id, size: 'M', quantity: 1 },
        },
        { method: 'GET', path: '/api/cart', token: shopper.token },
      ],
    });
    // Webhooks off from here: orders come only from confirm-order and the sweep.
    await rollingRestart({ TEST_PROVIDER_WEBHOOKS: 'none' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const result = await load.stop();
    figures.rollingRestart = { requests: result.total, failed: result.failed };
    expect(result.failures).toEqual([]);
    expect(result.total).toBeGreaterThan(100);
  });

  it('with no webhook, the sweep of the worker completes each paid payment exactly once', async () => {
    const product = await productWithStock(100, 1);
    const customers = await customersWithCart(8, product.id);
    const startedAt = Date.now();
    const paid = await Promise.all(
      customers.map((customer) => payAndConfirm(balancer(), customer.token, { confirm: false })),
    );
    expect(paid.map((result) => result.step)).toEqual(Array(8).fill('paid'));
    const ids = paid.map((result) => result.paymentIntentId);
    const completedSinceStart = () =>
      [...cluster.instances, ...cluster.workers]
        .flatMap(logLinesOf)
        .filter((line) => line.msg === 'payments reconciled' && line.time >= startedAt)
        .reduce((sum, line) => sum + line.completed, 0);
    // A sweep logs its report after its whole pass, so the orders can be visible before the line is.
    await vi.waitFor(
      async () => {
        const outcomes = await intentOutcomes(ids);
        expect(outcomes.filter((intent) => intent.orders === 1 && intent.status === 'succeeded')).toHaveLength(8);
        expect(completedSinceStart()).toBeGreaterThanOrEqual(8);
      },
      { timeout: 20_000, interval: 250 },
    );
    expectMoneySettled(await intentOutcomes(ids));
    expect(completedSinceStart()).toBe(8);
    expect(await stockOf(product.id)).toBe(92);
  });

  it('kill -9 of one instance amid a burst of checkouts: every paid intent ends as one order or a released authorization', async () => {
    const product = await productWithStock(100, 2);
    const customers = await customersWithCart(12, product.id);
    const burst = Promise.all(
      customers.map((customer, index) =>
        new Promise((resolve) => setTimeout(resolve, index * 40)).then(() =>
          payAndConfirm(balancer(), customer.token).catch((error) => ({ step: 'network', error })),
        ),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    await a().kill();
    const results = await burst;
    await a().start({ TEST_PROVIDER_WEBHOOKS: 'none' });
    figures.killDuringBurst = {
      checkouts: results.length,
      answered: results.filter((result) => result.answer?.status === 200).length,
      cut: results.filter((result) => result.step === 'network' || result.answer?.status === 502).length,
    };
    // Only nginx's 502 for a request cut by the kill; never a 500 from the shop.
    for (const result of results) if (result.answer) expect([200, 502]).toContain(result.answer.status);

    const [{ ids }] = await rows(
      `select coalesce(array_agg(t.id), '{}') as ids from test_provider_intents t
       join payment_intents p on p.id = t.id where p.user_id = any($1)`,
      [customers.map((customer) => customer.userId)],
    );
    await vi.waitFor(async () => expectMoneySettled(await intentOutcomes(ids)), { timeout: 20_000, interval: 250 });
    const outcomes = await intentOutcomes(ids);
    const orders = outcomes.filter((intent) => intent.orders === 1).length;
    expect(await stockOf(product.id)).toBe(100 - orders);
    figures.killDuringBurst.orders = orders;
  });

  it('again with every webhook delivered twice, late and out of order: 5 orders, 15 refusals', async () => {
    await rollingRestart({ TEST_PROVIDER_WEBHOOKS: 'scrambled' });
    await twentyCustomersForFiveUnits(3);
  });
});

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const secondsBetween = (from, to) => Math.round((to - from) / 100) / 10;

/** Every intent the test-mode provider made for these customers, even one the shop never recorded. */
async function providerIntentIdsOf(userIds) {
  const [{ ids }] = await rows(
    `select coalesce(array_agg(id), '{}') as ids from test_provider_intents where metadata->>'userId' = any($1)`,
    [userIds],
  );
  return ids;
}

/** The size M's stock, and what its ledger sums to. */
async function stockAndLedgerOf(productId) {
  const [row] = await rows(
    `select s.stock, (select coalesce(sum(m.delta), 0)::int from stock_movements m
                      where m.product_id = s.product_id and m.size = s.size) as ledger
     from product_sizes s where s.product_id = $1 and s.size = 'M'`,
    [productId],
  );
  return row;
}

/** The rate-limit counter of one account for one rule, as stored in Redis (the account part is hashed). */
async function sharedCount(rule, account) {
  const key = `shopper-rate-limit:${rule}:${createHash('sha256').update(account).digest('hex')}`;
  return Number((await cluster.redis.client.get(key)) ?? 0);
}

/** forgot-password for an unknown address, `times` times, alternating A, B, A…: the statuses. */
async function forgotPasswordAlternating(email, times) {
  const statuses = [];
  for (let i = 0; i < times; i += 1) {
    const instance = i % 2 === 0 ? a() : b();
    statuses.push((await call(instance.url, 'POST', '/api/users/forgot-password', { body: { email } })).status);
  }
  return statuses;
}

/**
 * Waits until no outbox mail is due, so the SMTP server sees only the drill's own. A mail claimed
 * by an instance killed earlier waits for its lease (15 minutes) and is left out.
 */
async function waitForQuietOutbox() {
  await vi.waitFor(
    async () => {
      const [{ n }] = await rows(
        `select count(*)::int as n from mail_outbox where status = 'pending' and next_attempt_at <= now()`,
      );
      expect(n).toBe(0);
    },
    { timeout: 20_000, interval: 200 },
  );
}

describe('fault drills', () => {
  it('PostgreSQL restarts while customers check out through nginx: readiness tells the truth, the instances recover by themselves, every payment settles once, no stock is lost', async () => {
    const pids = cluster.instances.map((instance) => instance.pid);
    const stockBefore = 60;
    const product = await productWithStock(stockBefore, 7);
    const customers = await customersWithCart(16, product.id);
    const userIds = customers.map((customer) => customer.userId);
    const readiness = watchReadiness(cluster.instances);
    await sleep(500);

    // Checkouts start every 400 ms, before, during and after a 4 s outage that begins at 1 s.
    const checkout = (customer) =>
      payAndConfirm(balancer(), customer.token).catch((error) => ({ step: 'network', error, answer: undefined }));
    const firstTries = Promise.all(
      customers.map((customer, index) => sleep(index * 400).then(() => checkout(customer))),
    );
    await sleep(1_000);
    const outage = await takeDatabaseAway({ adminUrl: postgresUrl, database: cluster.database.name, forMs: 4_000 });
    const results = await firstTries;

    // Both instances ready again, each by itself.
    await vi.waitFor(
      () => {
        for (const instance of cluster.instances) {
          expect(
            readiness.answers.some(
              (r) => r.instance === instance.name && r.sentAt > outage.endedAt && r.status === 200,
            ),
            instance.name,
          ).toBe(true);
        }
      },
      { timeout: 15_000, interval: 100 },
    );
    const readyAgainAt = Math.max(
      ...cluster.instances.map(
        (instance) =>
          readiness.answers.find((r) => r.instance === instance.name && r.sentAt > outage.endedAt && r.status === 200)
            .answeredAt,
      ),
    );
    expect(cluster.instances.map((instance) => instance.isRunning)).toEqual([true, true]);
    expect(cluster.instances.map((instance) => instance.pid)).toEqual(pids);

    // A customer whose checkout failed before paying tries again; one who paid waits for the order.
    const [{ paid }] = await rows(
      `select coalesce(array_agg(distinct metadata->>'userId'), '{}') as paid from test_provider_intents
       where metadata->>'userId' = any($1) and (amount_capturable_cents > 0 or amount_received_cents > 0)`,
      [userIds],
    );
    const retried = customers.filter(
      (customer, index) => results[index].answer?.status !== 200 && !paid.includes(customer.userId),
    );
    const retries = await Promise.all(retried.map(checkout));
    expect(retries.map((result) => result.answer?.status)).toEqual(retried.map(() => 200));
    await sleep(1_000);
    const answers = await readiness.stop();

    // Readiness: ready before; never ready while the database was away (after the first round cut
    // the pools' connections); ready from its first 200 after, never unready again.
    const cutAt = outage.startedAt + 300;
    for (const instance of cluster.instances) {
      const mine = answers.filter((r) => r.instance === instance.name);
      const before = mine.filter((r) => r.answeredAt < outage.startedAt);
      const during = mine.filter((r) => r.sentAt >= cutAt && r.answeredAt <= outage.endedAt);
      const backAt = mine.find((r) => r.sentAt > outage.endedAt && r.status === 200).sentAt;
      const after = mine.filter((r) => r.sentAt >= backAt);
      expect(before.length, instance.name).toBeGreaterThan(2);
      expect(during.length, instance.name).toBeGreaterThan(10);
      expect(new Set(before.map((r) => r.status)), instance.name).toEqual(new Set([200]));
      expect(new Set(during.map((r) => r.status)), instance.name).toEqual(new Set([503]));
      expect(new Set(after.map((r) => r.status)), instance.name).toEqual(new Set([200]));
    }

    // Money: once the sweeps have run, every paid intent has exactly one order, nothing is left
    // authorized, and no customer got two orders for one cart.
    const ids = await providerIntentIdsOf(userIds);
    await vi.waitFor(async () => expectMoneySettled(await intentOutcomes(ids)), { timeout: 20_000, interval: 250 });
    const outcomes = await intentOutcomes(ids);
    expectMoneySettled(outcomes);
    const orders = await rows(`select o.user_id, o.payment_intent_id from orders o where o.user_id = any($1)`, [
      userIds,
    ]);
    expect(new Set(orders.map((order) => order.payment_intent_id)).size).toBe(orders.length);
    expect(new Set(orders.map((order) => order.user_id)).size).toBe(orders.length);
    expect(orders).toHaveLength(customers.length);
    expect(outcomes.filter((intent) => intent.amount_received_cents > 0)).toHaveLength(orders.length);

    // Stock: what is left plus what the orders hold is what there was, and the ledger agrees.
    const [{ sold }] = await rows(
      `select coalesce(sum(i.quantity), 0)::int as sold from order_items i join orders o on o.id = i.order_id
       where o.user_id = any($1) and i.product_id = $2 and i.size = 'M'`,
      [userIds, product.id],
    );
    const after = await stockAndLedgerOf(product.id);
    expect(after.stock + sold).toBe(stockBefore);
    expect(after.ledger).toBe(after.stock);

    // Mail: each customer's verification and order mail reached the SMTP server once, none left
    // claimed by a sender the outage interrupted.
    const emails = customers.map((customer) => customer.email);
    await vi.waitFor(
      async () => {
        const outbox = await rows(`select status from mail_outbox where "to" = any($1)`, [emails]);
        expect(outbox.map((row) => row.status)).toEqual(emails.flatMap(() => ['sent', 'sent']));
      },
      { timeout: 15_000, interval: 250 },
    );
    const mails = readSinkMessages(cluster.smtp.dir).filter((message) => emails.includes(message.to[0]));
    expect(mails).toHaveLength(emails.length * 2);
    expect(new Set(mails.map((message) => `${message.to[0]}|${message.subject}`)).size).toBe(mails.length);

    // A checkout the outage cut is told to come back (503, Retry-After), never a bare 500.
    const failed = results.filter((result) => result.answer?.status !== 200);
    const unavailable = failed.filter((result) => result.answer?.status === 503);
    expect(failed.filter((result) => result.answer?.status === 500)).toEqual([]);
    for (const result of unavailable) {
      expect(result.answer.retryAfter).toBe('5');
      expect(result.answer.body.code).toBe('UNAVAILABLE');
    }
    figures.postgresRestart = {
      checkouts: results.length + retries.length,
      failed: failed.length,
      serverErrors: failed.filter((result) => (result.answer?.status ?? 0) >= 500).length,
      unavailable: unavailable.length,
      retried: retries.length,
      paid: outcomes.filter((intent) => intent.amount_received_cents > 0).length,
      orders: orders.length,
      outageSeconds: secondsBetween(outage.startedAt, outage.endedAt),
      connectionsCut: outage.terminated,
      readinessAnswers: answers.length,
      secondsToReady: secondsBetween(outage.endedAt, readyAgainAt),
      mailsDeliveredOnce: mails.length,
    };
    const f = figures.postgresRestart;
    console.log(
      `drill PostgreSQL restart: ${f.checkouts} checkouts sent (${f.retried} of them retries), ${f.failed} failed (${f.serverErrors} 5xx, ${f.unavailable} of them 503 with Retry-After, none 500) during a ${f.outageSeconds} s outage that cut ${f.connectionsCut} connections; ${f.paid} paid, ${f.orders} orders, stock ${stockBefore} = ${after.stock} left + ${sold} sold = ledger; ${f.mailsDeliveredOnce} mails delivered once; both instances ready ${f.secondsToReady} s after the database came back (${f.readinessAnswers} readiness answers checked)`,
    );
  });

  it('Redis goes away under load and comes back: no 5xx, limits counted in memory meanwhile, shared across instances again after', async () => {
    const [product] = await rows(`select id from products order by slug limit 1`);
    const guessed = await signUp(balancer(), uniqueEmail('redis-guessed'));
    const load = startSteadyLoad({
      baseUrl: balancer(),
      workers: 4,
      requests: [
        { method: 'GET', path: '/api/products/all-products?limit=12' },
        {
          method: 'POST',
          path: '/api/users/forgot-password',
          body: () => ({ email: uniqueEmail('nobody') }),
          accept: [404],
        },
        { method: 'GET', path: `/api/products/${product.id}` },
        // Wrong passwords: counted by the login limits until they refuse.
        {
          method: 'POST',
          path: '/api/users/login',
          body: { email: guessed.email, password: 'Wrong-guess-1' },
          accept: [401, 429],
        },
      ],
    });
    await sleep(1_000);
    const redisServer = cluster.redisServer;
    await redisServer.stop();
    const wentAt = Date.now();
    await sleep(500);

    // Each instance counts in its own memory: alternating, the limit of 3 is reached on each
    // instance separately, so the 7th attempt is the first refused.
    const inMemoryStartedAt = Date.now();
    const inMemory = await forgotPasswordAlternating(uniqueEmail('redis-away'), 7);
    const inMemoryMs = Date.now() - inMemoryStartedAt;
    expect(inMemory).toEqual([404, 404, 404, 404, 404, 404, 429]);
    await sleep(Math.max(0, wentAt + 5_000 - Date.now()));

    await redisServer.start();
    const backAt = Date.now();
    // Back to Redis once both instances write their counts there again (each reconnects by itself).
    await vi.waitFor(
      async () => {
        for (const instance of cluster.instances) {
          const email = uniqueEmail('redis-probe');
          await call(instance.url, 'POST', '/api/users/forgot-password', { body: { email } });
          expect(await sharedCount('forgotPasswordPerAccount', email), instance.name).toBe(1);
        }
      },
      { timeout: 15_000, interval: 100 },
    );
    const sharedAt = Date.now();

    // Shared again: alternating between the instances, the 4th attempt is refused.
    const account = uniqueEmail('redis-back');
    const shared = await forgotPasswordAlternating(account, 4);
    expect(shared).toEqual([404, 404, 404, 429]);
    expect(await sharedCount('forgotPasswordPerAccount', account)).toBe(4);
    await sleep(1_000);
    const result = await load.stop();

    expect(result.serverErrors).toBe(0);
    expect(result.failures).toEqual([]);
    expect(result.total).toBeGreaterThan(50);
    figures.redisOutage = {
      requests: result.total,
      failed: result.failed,
      serverErrors: result.serverErrors,
      outageSeconds: secondsBetween(wentAt, backAt),
      inMemoryAttemptsMs: inMemoryMs,
      secondsToShared: secondsBetween(backAt, sharedAt),
    };
    const f = figures.redisOutage;
    console.log(
      `drill Redis outage: ${f.requests} requests sent through nginx, ${f.failed} failed (${f.serverErrors} 5xx) during a ${f.outageSeconds} s outage; in memory meanwhile the alternating attempts were refused at the 7th (3 per instance, 7 attempts in ${f.inMemoryAttemptsMs} ms); counters shared again ${f.secondsToShared} s after Redis came back, refusing at the 4th`,
    );
  });

  it('the mail server refuses mail for a while: every outbox mail is delivered exactly once, none lost, retries back off', async () => {
    await waitForQuietOutbox();
    const attemptsBefore = cluster.smtp.attempts.length;
    cluster.smtp.refuse('rcpt');
    const refusedAt = Date.now();
    // Each new customer is sent a verification mail: one mail per recipient.
    const customers = await Promise.all(Array.from({ length: 8 }, () => signUp(balancer(), uniqueEmail('mail-drill'))));
    const recipients = customers.map((customer) => customer.email);
    // Refused at the recipient for 2.5 s, then after the whole message for 2.5 s more.
    await sleep(2_500);
    cluster.smtp.refuse('data');
    await sleep(2_500);
    cluster.smtp.refuse(undefined);
    const acceptedFrom = Date.now();

    const attemptsOf = (email) =>
      cluster.smtp.attempts.slice(attemptsBefore).filter((attempt) => attempt.to.includes(email));
    await vi.waitFor(
      () => {
        for (const email of recipients) {
          expect(
            attemptsOf(email).some((attempt) => attempt.outcome === 'accepted'),
            email,
          ).toBe(true);
        }
      },
      { timeout: 30_000, interval: 100 },
    );
    const lastAcceptedAt = Math.max(
      ...recipients.map((email) => attemptsOf(email).find((attempt) => attempt.outcome === 'accepted').at),
    );
    // Long enough for a second copy of any mail to show up.
    await sleep(1_500);

    const outbox = await rows(`select "to", status, attempts from mail_outbox where "to" = any($1)`, [recipients]);
    expect(outbox).toHaveLength(recipients.length);
    const stored = readSinkMessages(cluster.smtp.dir);
    const gapsOf = {};
    for (const email of recipients) {
      const attempts = attemptsOf(email);
      const refused = attempts.filter((attempt) => attempt.outcome === 'refused');
      // Exactly once: one acceptance, one stored message; after the refusals, never before.
      expect(
        attempts.filter((attempt) => attempt.outcome === 'accepted'),
        email,
      ).toHaveLength(1);
      expect(
        stored.filter((message) => message.to.includes(email)),
        email,
      ).toHaveLength(1);
      expect(attempts.at(-1)?.outcome, email).toBe('accepted');
      expect(refused.length, email).toBeGreaterThanOrEqual(2);
      // The shop counted every refusal the server gave, and marked the mail sent.
      expect(
        outbox.find((row) => row.to === email),
        email,
      ).toMatchObject({
        status: 'sent',
        attempts: refused.length,
      });
      const gaps = attempts.slice(1).map((attempt, index) => attempt.at - attempts[index].at);
      gapsOf[email] = gaps;
      expect(gaps[0], email).toBeGreaterThanOrEqual(900);
      for (let i = 1; i < gaps.length; i += 1)
        expect(gaps[i], `${email}: ${gaps.join(', ')} ms`).toBeGreaterThan(gaps[i - 1]);
    }

    const refusals = recipients.reduce(
      (sum, email) => sum + attemptsOf(email).filter((attempt) => attempt.outcome === 'refused').length,
      0,
    );
    const longest = Object.values(gapsOf).reduce((most, gaps) => (gaps.length > most.length ? gaps : most));
    figures.mailRefused = {
      mails: recipients.length,
      attempts: refusals + recipients.length,
      refused: refusals,
      delivered: recipients.length,
      refusingSeconds: secondsBetween(refusedAt, acceptedFrom),
      secondsToDeliverAll: secondsBetween(acceptedFrom, lastAcceptedAt),
      gapsMs: longest,
    };
    const f = figures.mailRefused;
    console.log(
      `drill mail refused: ${f.mails} mails, ${f.attempts} SMTP attempts sent, ${f.refused} refused (451) during ${f.refusingSeconds} s, ${f.delivered} delivered exactly once, none lost; all delivered ${f.secondsToDeliverAll} s after the server accepted again; retry gaps of one mail ${f.gapsMs.map((gap) => (gap / 1000).toFixed(1)).join(' s, ')} s`,
    );
  });
});
