// The production topology under test (issue 11, docs/decisions/027): nginx round-robin in front
// of two NODE_ENV=production instances on one PostgreSQL database, one Redis database and an SMTP
// sink. Steps run in order on one cluster; each leaves it whole for the next.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildIfStale } from '../build-if-stale.mjs';
import { renderNginxConfig } from './nginx-config.mjs';
import { call, PASSWORD, payAndConfirm, signUp, uniqueEmail } from './shop-client.mjs';
import { readSinkMessages } from './smtp-sink.mjs';
import { startSteadyLoad } from './steady-load.mjs';
import { measureThroughput } from './throughput.mjs';
import { startCluster } from './topology.mjs';

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
    `select p.id, p.name from products p join product_sizes s on s.product_id = p.id and s.size = 'M'
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

/** DESIGN.md: one paid intent, exactly one order; no captured money without an order; nothing left authorized. */
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
    // The README's procedure: out of rotation first, so nginx sends it nothing while it stops.
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

function logLinesOf(instance) {
  return readFileSync(path.join(cluster.dir, `${instance.name}.log`), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
}

beforeAll(async () => {
  buildIfStale(['web', 'server']);
  cluster = await startCluster({
    ...(process.env.CLUSTER_POSTGRES_URL ? { postgresUrl: process.env.CLUSTER_POSTGRES_URL } : {}),
    env: {
      // The sweep runs every second on every instance and takes up payments 3 s old.
      PAYMENT_SWEEP_EVERY_SECONDS: '1',
      PAYMENT_RECONCILE_AFTER_MINUTES: '0.05',
      // Every test customer comes from this machine; per-account limits still apply.
      RATE_LIMIT_ALLOWLIST: '127.0.0.1',
    },
  });
  sql = new pg.Pool({ connectionString: cluster.database.url, max: 4 });
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
    expect(logLinesOf(a()).some((line) => line.instance === 'shop-a')).toBe(true);
    expect(logLinesOf(b()).some((line) => line.instance === 'shop-b')).toBe(true);
  });

  it('the README example is what runs: round-robin, passive checks, no POST replayed', () => {
    const config = renderNginxConfig({ listenPort: 8080, instancePorts: [3001, 3002], prefix: '/tmp/x' });
    expect(config).toContain('server 127.0.0.1:3001 max_fails=1 fail_timeout=2s;');
    expect(config).toContain('proxy_next_upstream error timeout http_502 http_503 http_504;');
    expect(config).not.toMatch(/proxy_next_upstream [^;]*non_idempotent/);
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
    // The documented way to make the first owner of a production shop (README "Back office").
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
      `select p.id from products p join product_sizes s on s.product_id = p.id and s.size = 'M' and s.stock > 0 order by p.slug desc limit 1`,
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

  it('with no webhook, the sweeps of both instances complete each paid payment exactly once', async () => {
    const product = await productWithStock(100, 1);
    const customers = await customersWithCart(8, product.id);
    const startedAt = Date.now();
    const paid = await Promise.all(
      customers.map((customer) => payAndConfirm(balancer(), customer.token, { confirm: false })),
    );
    expect(paid.map((result) => result.step)).toEqual(Array(8).fill('paid'));
    const ids = paid.map((result) => result.paymentIntentId);
    const completedSinceStart = () =>
      cluster.instances
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
