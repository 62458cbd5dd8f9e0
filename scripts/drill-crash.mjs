// `npm run drill:crash`: the embedded database's promise, tried the hard way. 16 customers check
// out in a loop against the production build on a fresh DATA_DIR; PostgreSQL is killed with
// kill -9 (the shop starts it again by itself), then the shop itself is killed with kill -9 and
// started again. Afterwards every order that was answered is there, every paid payment has one
// order, and each size's stock ledger sums to its stock. Prints the figures; exits 1 on a breach.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildIfStale } from './build-if-stale.mjs';
import { call, payAndConfirm, signUp, uniqueEmail } from './cluster/shop-client.mjs';
import { createShopInstance } from './cluster/shop-instance.mjs';

const CUSTOMERS = 16;
const STOCK = 5_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort() {
  return await new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The embedded server's postmaster, from its pid file: pid and port. */
function postmasterOf(dataDir) {
  try {
    const lines = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
    return { pid: Number(lines[0]), port: Number(lines[3]) };
  } catch {
    return undefined;
  }
}

async function databaseOf(dataDir) {
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  const { port } = postmasterOf(dataDir);
  const client = new pg.Client({ connectionString: `postgres://shopper:${password}@127.0.0.1:${port}/shopper` });
  await client.connect();
  return client;
}

buildIfStale(['server']);
const dataDir = mkdtempSync(path.join(tmpdir(), 'shopper-crash-drill-'));
const port = await freePort();
const shop = createShopInstance({
  name: 'drill',
  port,
  logFile: path.join(dataDir, 'shop.log'),
  env: {
    DATA_DIR: dataDir,
    DEMO: 'true',
    LOG_PRETTY: 'false',
    RATE_LIMIT_SCALE: '1000',
    // A payment the kill cut off between capture and order is completed by the sweep within seconds.
    PAYMENT_RECONCILE_AFTER_MINUTES: '0.05',
    PAYMENT_SWEEP_EVERY_SECONDS: '1',
  },
});

const figures = { customers: CUSTOMERS };
try {
  await shop.start();
  let sql = await databaseOf(dataDir);
  // A product in one colour, with enough of size M for the whole drill (the ledger's trigger records the change).
  const { rows } = await sql.query(
    `select p.id, s.colour_id from products p join product_sizes s on s.product_id = p.id and s.size = 'M'
      where (select count(*) from product_colours c where c.product_id = p.id) = 1 order by p.slug limit 1`,
  );
  const product = rows[0];
  await sql.query(
    `update product_sizes set stock = stock + $3 where product_id = $1 and colour_id = $2 and size = 'M'`,
    [product.id, product.colour_id, STOCK],
  );

  const customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => signUp(shop.url, uniqueEmail('drill'))));
  // Verified through the database: the mail journey has tests of its own.
  await sql.query('update users set is_email_verified = true where id = any($1::uuid[])', [
    customers.map((customer) => customer.userId),
  ]);
  await sql.end();

  const answered = new Set();
  const tally = { checkouts: 0, unavailable: 0, cut: 0, other: 0 };
  /** Answers that were neither an order nor a 503, by step and status: a 5xx here is a bug. */
  const otherAnswers = {};
  const countOther = (step, status) => {
    tally.other += 1;
    otherAnswers[`${step} ${status}`] = (otherAnswers[`${step} ${status}`] ?? 0) + 1;
  };
  let isRunning = true;
  const shopping = customers.map(async (customer) => {
    while (isRunning) {
      try {
        const added = await call(shop.url, 'POST', '/api/cart/add', {
          token: customer.token,
          body: { productId: product.id, size: 'M', quantity: 1 },
        });
        if (added.status !== 200) {
          if (added.status === 503) tally.unavailable += 1;
          else countOther('cart', added.status);
          await sleep(100);
          continue;
        }
        tally.checkouts += 1;
        const result = await payAndConfirm(shop.url, customer.token);
        if (result.step === 'confirm' && result.answer.status === 200) answered.add(result.answer.body.order._id);
        else if (result.answer.status === 503) tally.unavailable += 1;
        else countOther(result.step, result.answer.status);
      } catch {
        // The shop was killed under the request: no answer, nothing promised.
        tally.cut += 1;
        await sleep(100);
      }
    }
  });

  await sleep(3_000);
  figures.ordersBeforePostgresKill = answered.size;
  const postgres = postmasterOf(dataDir);
  const killedAt = Date.now();
  process.kill(postgres.pid, 'SIGKILL');
  let back;
  while (!back) {
    const next = postmasterOf(dataDir);
    const ready = await fetch(`${shop.url}/api/ready`)
      .then((response) => response.ok)
      .catch(() => false);
    if (next && next.pid !== postgres.pid && ready) back = Date.now();
    else await sleep(50);
  }
  figures.postgresBackAfterMs = back - killedAt;
  await sleep(3_000);
  figures.ordersBeforeShopKill = answered.size;
  await shop.kill();
  isRunning = false;
  await Promise.all(shopping);
  Object.assign(figures, tally, { otherAnswers, ordersAnswered: answered.size });

  const restartedAt = Date.now();
  await shop.start();
  figures.shopBackAfterMs = Date.now() - restartedAt;
  sql = await databaseOf(dataDir);
  // Paid payments whose order the kill cut off are completed by the sweep; wait for it to settle.
  const settle = `select count(*)::int as n from test_provider_intents t
    where t.status = 'requires_capture' or (t.amount_received_cents > 0
      and not exists (select 1 from orders o where o.payment_intent_id = t.id))`;
  const deadline = Date.now() + 60_000;
  while ((await sql.query(settle)).rows[0].n > 0 && Date.now() < deadline) await sleep(250);

  const ids = [...answered];
  const { rows: found } = await sql.query('select count(*)::int as n from orders where id = any($1::uuid[])', [ids]);
  const { rows: paid } = await sql.query(
    `select count(*)::int as paid,
            count(*) filter (where (select count(*) from orders o where o.payment_intent_id = t.id) = 1)::int as one_order,
            count(*) filter (where (select count(*) from orders o where o.payment_intent_id = t.id) > 1)::int as several
       from test_provider_intents t where t.amount_received_cents > 0`,
  );
  const { rows: ledger } = await sql.query(
    `with ledger as (select product_id, colour_id, size, sum(delta)::int as total
                       from stock_movements group by product_id, colour_id, size)
     select count(*)::int as sizes,
            count(*) filter (where coalesce(s.stock, 0) <> coalesce(l.total, 0))::int as mismatched
       from product_sizes s full join ledger l
         on l.product_id = s.product_id and l.colour_id = s.colour_id and l.size = s.size`,
  );
  const { rows: drillOrders } = await sql.query(
    `select count(*)::int as n from orders o join users u on u.id = o.user_id where u.email like 'drill-%'`,
  );
  await sql.end();
  Object.assign(figures, {
    answeredOrdersFound: found[0].n,
    ordersInDatabase: drillOrders[0].n,
    paidPayments: paid[0].paid,
    paidWithOneOrder: paid[0].one_order,
    paidWithSeveralOrders: paid[0].several,
    stockSizes: ledger[0].sizes,
    stockSizesOffLedger: ledger[0].mismatched,
  });
  const breaches = [
    found[0].n !== answered.size && `${answered.size - found[0].n} answered orders are missing`,
    paid[0].one_order !== paid[0].paid &&
      `${paid[0].paid - paid[0].one_order} paid payments do not have exactly one order`,
    ledger[0].mismatched > 0 && `${ledger[0].mismatched} sizes whose ledger does not sum to their stock`,
    Object.keys(otherAnswers).some((key) => / 5\d\d$/.test(key) && !key.endsWith(' 503')) &&
      `answers 5xx other than 503: ${JSON.stringify(otherAnswers)}`,
  ].filter(Boolean);
  console.log(JSON.stringify(figures, null, 2));
  if (breaches.length > 0) {
    console.error(`Crash drill FAILED: ${breaches.join('; ')}. The shop's log: ${path.join(dataDir, 'shop.log')}`);
    process.exitCode = 1;
  } else {
    console.log(
      `Crash drill passed: ${answered.size} orders answered, all ${found[0].n} there after kill -9 of PostgreSQL ` +
        `(back in ${figures.postgresBackAfterMs} ms) and of the shop; ${paid[0].paid} paid payments, each with one order; ` +
        `${ledger[0].sizes} sizes, every ledger sums to its stock.`,
    );
  }
} finally {
  await shop.stop();
  if (process.exitCode !== 1) rmSync(dataDir, { recursive: true, force: true });
}
