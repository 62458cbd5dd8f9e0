// `npm run bench:database`: what the embedded PostgreSQL costs and gives, side by side in one run.
//  1. Uncached listing: 20 connections, each request a page of the listing with its own price
//     window (so every one misses the catalog cache and reaches the database), against the shop on
//     the embedded server, on the machine's PostgreSQL (BENCH_POSTGRES_URL), and on PGlite as an
//     earlier version ran it (BENCH_PGLITE_DIR: a checkout of that version with its server built).
//     All of them run at once and take turns, ROUNDS rounds in a changing order, the median of each
//     compared: measured one after the other, whatever else the machine did meanwhile decided
//     the comparison (the first engine measured lost ~15 % one day, nothing the next).
//  2. Memory: the shop's Node process RSS idle, after an acceptance-style run (16 customers
//     browsing, signing up, filling carts) and after 30 s of browsing load; the embedded server's
//     own processes are reported apart (RSS and PSS).
//  3. `npm start` as a person runs it, standard output to a file: the listing against a bare
//     Fastify route answering the same bytes, 50 connections, five alternating rounds, median.
// Writes bench/results/database.json; exits 1 when the Node RSS is 250 MB or more, the embedded
// server serves the uncached listing slower than the machine's PostgreSQL, or the ratio is below 0.9.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { root, startProcess, startShop, stop } from './shop-process.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PGLITE_DIR = process.env.BENCH_PGLITE_DIR ? path.resolve(process.env.BENCH_PGLITE_DIR) : undefined;
const RSS_LIMIT_MB = 250;
// Other work on a shared machine comes and goes between rounds: the median of several is compared.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const RATIO_TARGET = 0.9;
const PORT = Number(process.env.BENCH_PORT ?? 3911);

const mb = (kb) => Math.round(kb / 1024);

/** A field of /proc/<pid>/status or smaps_rollup, in kB; 0 where there is no /proc. */
function procKb(file, field) {
  try {
    const line = readFileSync(file, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith(`${field}:`));
    return Number(line?.split(/\s+/)[1] ?? 0);
  } catch {
    return 0;
  }
}

/** CPU seconds a process has used (user and system), from /proc/<pid>/stat; 0 where there is no /proc. */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

function childrenOf(pid) {
  const found = [];
  for (const name of existsSync('/proc') ? readdirSync('/proc') : []) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** The shop's Node process, and the embedded server's processes (postmaster and its children) apart. */
function memoryOf(shop) {
  const node = { rssMb: mb(procKb(`/proc/${shop.child.pid}/status`, 'VmRSS')) };
  const pidFile = path.join(shop.dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return { node };
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const pids = [postmaster, ...childrenOf(postmaster)];
  const sum = (file, field) => pids.reduce((total, pid) => total + procKb(`/proc/${pid}/${file}`, field), 0);
  return {
    node,
    postgres: { processes: pids.length, rssMb: mb(sum('status', 'VmRSS')), pssMb: mb(sum('smaps_rollup', 'Pss')) },
  };
}

/** A listing page with a price window of its own: never in the catalog cache. */
function uncachedListingPath() {
  const min = Math.floor(Math.random() * 200);
  const max = min + 1 + Math.floor(Math.random() * 300);
  return `/api/products/all-products?limit=12&page=1&minPrice=${min}&maxPrice=${max}`;
}

async function cannon(url, { connections, duration, pathOf }) {
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: [
      {
        setupRequest: (request) => {
          request.path = pathOf();
          return request;
        },
      },
    ],
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    requests: result.requests.total,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * The uncached listing on every engine, side by side: all shops up at once, a warm-up each, then
 * ROUNDS rounds of SECONDS each, the order rotated every round; the median round per engine.
 */
async function uncachedListingSideBySide(engines) {
  const shops = [];
  try {
    for (const [index, engine] of engines.entries()) {
      shops.push({ name: engine.name, shop: await startShop({ port: PORT + 10 + index, ...engine.options }) });
    }
    const rounds = new Map(shops.map(({ name }) => [name, []]));
    for (const { shop } of shops) await cannon(shop.url, { connections: 20, duration: 2, pathOf: uncachedListingPath });
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = shops.map((_unused, index) => shops[(index + round) % shops.length]);
      for (const { name, shop } of order) {
        rounds
          .get(name)
          .push(await cannon(shop.url, { connections: 20, duration: SECONDS, pathOf: uncachedListingPath }));
      }
    }
    const result = {};
    for (const [name, runs] of rounds) {
      const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
      const median = sorted[Math.floor(sorted.length / 2)];
      result[name] = { ...median, rounds: runs.map((run) => run.requestsPerSecond) };
      console.log(
        `${name.padEnd(22)} uncached listing ${String(median.requestsPerSecond).padStart(5)} req/s median (p99 ${median.latencyP99Ms} ms;` +
          ` rounds ${result[name].rounds.join(', ')}; non-2xx ${runs.reduce((sum, run) => sum + run.non2xx, 0)})`,
      );
    }
    return result;
  } finally {
    for (const { shop } of shops) await shop.stop();
  }
}

/**
 * An acceptance-style run: 16 customers at once, each as a browser would, through the pages and
 * the API the acceptance journeys use: the home page, listing pages, search, three product pages
 * as HTML and JSON, a sign-up, two cart lines and the cart; then the same again, signed in.
 */
async function acceptanceRun(url) {
  const listing = await (await fetch(`${url}/api/products/all-products?limit=48&page=1`)).json();
  const products = listing.products ?? [];
  const password = 'Bench-secret-1!';
  let requests = 0;
  const get = async (pathname, token) => {
    requests += 1;
    const response = await fetch(`${url}${pathname}`, { headers: token ? { 'auth-token': token } : {} });
    await response.arrayBuffer();
    return response.status;
  };
  const post = async (pathname, body, token) => {
    requests += 1;
    const response = await fetch(`${url}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'auth-token': token } : {}) },
      body: JSON.stringify(body),
    });
    return response.json();
  };
  const customer = async (index) => {
    const picks = [0, 1, 2].map((offset) => products[(index * 3 + offset) % products.length]);
    for (let visit = 0; visit < 2; visit += 1) {
      await get('/');
      for (const page of [1, 2, 3]) await get(`/api/products/all-products?limit=12&page=${page}`);
      await get(`/api/products/all-products?limit=12&page=1&search=${['coat', 'dress', 'shirt', 'wool'][index % 4]}`);
      for (const product of picks) {
        await get(`/products/${product.slug}`);
        await get(`/api/products/slug/${product.slug}`);
      }
    }
    const { accessToken } = await post('/api/users/signup', {
      username: 'Bench Shopper',
      email: `bench-${randomBytes(4).toString('hex')}@example.com`,
      password,
      confirmPassword: password,
      acceptTerms: true,
    });
    for (const product of picks.slice(0, 2)) {
      await post('/api/cart/add', { productId: product._id, size: 'M', quantity: 1 }, accessToken);
    }
    await get('/api/cart', accessToken);
  };
  await Promise.all(Array.from({ length: 16 }, (_unused, index) => customer(index)));
  return { customers: 16, requests };
}

/** Browsing at 20 connections for LOAD_SECONDS: listings (half of them uncached), product pages, search. */
async function browsingLoad(url, products) {
  const pages = [
    () => uncachedListingPath(),
    () => `/api/products/all-products?limit=12&page=${1 + Math.floor(Math.random() * 4)}`,
    () => `/products/${products[Math.floor(Math.random() * products.length)]?.slug}`,
    () => `/api/products/slug/${products[Math.floor(Math.random() * products.length)]?.slug}`,
    () => '/',
  ];
  return cannon(url, {
    connections: 20,
    duration: LOAD_SECONDS,
    pathOf: () => pages[Math.floor(Math.random() * pages.length)](),
  });
}

async function onEngine(name, options) {
  const shop = await startShop({ port: PORT, ...options });
  try {
    const idle = memoryOf(shop);
    const acceptance = await acceptanceRun(shop.url);
    const afterAcceptance = memoryOf(shop);
    const products = (await (await fetch(`${shop.url}/api/products/all-products?limit=48&page=1`)).json()).products;
    const load = await browsingLoad(shop.url, products);
    const afterLoad = memoryOf(shop);
    const pgMemory = afterAcceptance.postgres
      ? `; embedded PostgreSQL ${afterAcceptance.postgres.processes} processes, RSS ${afterAcceptance.postgres.rssMb} MB, PSS ${afterAcceptance.postgres.pssMb} MB`
      : '';
    console.log(
      `${name.padEnd(22)} node RSS idle ${idle.node.rssMb} MB, after the acceptance-style run ${afterAcceptance.node.rssMb} MB,` +
        ` after ${LOAD_SECONDS} s of browsing load ${afterLoad.node.rssMb} MB${pgMemory}`,
    );
    return { acceptance, load, idle, afterAcceptance, afterLoad };
  } finally {
    await shop.stop();
  }
}

/** `npm start` (the demo, this checkout) with its standard output to a file, against the bare route. */
async function npmStartRatio() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shopper-bench-start-'));
  const listingPath = '/api/products/all-products?page=1&limit=12';
  const shop = await startProcess(
    // BENCH_START_DIR: `npm start` of another checkout (an earlier version), to compare in the same sitting.
    [path.join(process.env.BENCH_START_DIR ? path.resolve(process.env.BENCH_START_DIR) : root, 'scripts/start.mjs')],
    { PORT: String(PORT), DATA_DIR: dataDir, NODE_ENV: '', DEMO: '', LOG_PRETTY: '', RATE_LIMIT_SCALE: '1000' },
    `http://127.0.0.1:${PORT}/api/ready`,
    { stdout: path.join(dataDir, 'stdout.log') },
  );
  const bodyFile = path.join(dataDir, 'listing.json');
  writeFileSync(bodyFile, await (await fetch(`http://127.0.0.1:${PORT}${listingPath}`)).text());
  const bare = await startProcess(
    [path.join(root, 'bench/bare-server.mjs')],
    { PORT: String(PORT + 1), BODY_FILE: bodyFile },
    `http://127.0.0.1:${PORT + 1}/health`,
  );
  try {
    /** A run, with the CPU time the serving process used per request: other work on the machine moves it less. */
    const measured = async (url, duration) => {
      const pid = url.startsWith(`http://127.0.0.1:${PORT}/`) ? shop.pid : bare.pid;
      const before = cpuSeconds(pid);
      const result = await run(url, duration);
      return { ...result, cpuMsPerRequest: ((cpuSeconds(pid) - before) * 1000) / Math.max(1, result.requests) };
    };
    const run = (url, duration) =>
      cannon(url, { connections: 50, duration, pathOf: () => new URL(url).pathname + new URL(url).search });
    const shopUrl = `http://127.0.0.1:${PORT}${listingPath}`;
    const bareUrl = `http://127.0.0.1:${PORT + 1}/listing`;
    await run(shopUrl, 2);
    await run(bareUrl, 2);
    const ratios = [];
    const cpuRatios = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const first = round % 2 === 0 ? shopUrl : bareUrl;
      const second = first === shopUrl ? bareUrl : shopUrl;
      const a = await measured(first, 4);
      const b = await measured(second, 4);
      const [listing, bareRoute] = first === shopUrl ? [a, b] : [b, a];
      ratios.push(Number((listing.requestsPerSecond / bareRoute.requestsPerSecond).toFixed(3)));
      cpuRatios.push(Number((bareRoute.cpuMsPerRequest / listing.cpuMsPerRequest).toFixed(3)));
    }
    const medianOf = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
    const median = medianOf(ratios);
    const cpuMedian = medianOf(cpuRatios);
    const firstLine = readFileSync(path.join(dataDir, 'stdout.log'), 'utf8').split('\n')[0];
    console.log(
      `npm start, stdout to a file: listing ÷ bare Fastify ${median} (rounds ${ratios.join(', ')}); ` +
        `by CPU time per request ${cpuMedian} (rounds ${cpuRatios.join(', ')}); ` +
        `log lines are ${firstLine.startsWith('{') ? 'JSON' : 'readable'}`,
    );
    return { ratios, median, cpuRatios, cpuMedian, logFormat: firstLine.startsWith('{') ? 'json' : 'pretty' };
  } finally {
    await stop(bare);
    await stop(shop);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const report = { date: new Date().toISOString(), seconds: SECONDS, loadSeconds: LOAD_SECONDS };
if (process.argv.includes('--npm-start-only')) {
  console.log(JSON.stringify(await npmStartRatio()));
  process.exit(0);
}
const engines = [{ key: 'embedded', name: 'embedded PostgreSQL', options: {} }];
const benchDatabase = `shopper_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: POSTGRES_URL });
let postgresReachable = false;
try {
  await admin.connect();
  await admin.query(`create database ${benchDatabase}`);
  postgresReachable = true;
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${benchDatabase}`;
  engines.push({ key: 'postgres', name: "machine's PostgreSQL", options: { env: { DATABASE_URL: url.toString() } } });
} catch (error) {
  console.log(`machine's PostgreSQL: not measured (${error.message})`);
}
if (PGLITE_DIR) engines.push({ key: 'pglite', name: 'PGlite (earlier build)', options: { shopDir: PGLITE_DIR } });
else console.log('PGlite: not measured (set BENCH_PGLITE_DIR to a checkout of an earlier version, server built)');

try {
  for (const engine of engines) report[engine.key] = await onEngine(engine.name, engine.options);
  // The machine's PostgreSQL keeps the catalog the memory run seeded; the embedded shops start afresh.
  const listings = await uncachedListingSideBySide(engines);
  for (const engine of engines) report[engine.key].listing = listings[engine.name];
} finally {
  if (postgresReachable)
    await admin.query(`drop database if exists ${benchDatabase} with (force)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
}

report.npmStart = await npmStartRatio();

const embeddedRate = report.embedded.listing.requestsPerSecond;
const misses = [
  report.embedded.afterAcceptance.node.rssMb >= RSS_LIMIT_MB &&
    `node RSS ${report.embedded.afterAcceptance.node.rssMb} MB ≥ ${RSS_LIMIT_MB} MB after the acceptance-style run`,
  report.postgres &&
    embeddedRate < report.postgres.listing.requestsPerSecond &&
    `uncached listing ${embeddedRate} req/s < ${report.postgres.listing.requestsPerSecond} on the machine's PostgreSQL`,
  report.npmStart.median < RATIO_TARGET && `npm start ratio ${report.npmStart.median} < ${RATIO_TARGET}`,
].filter(Boolean);
report.misses = misses;
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/database.json'), `${JSON.stringify(report, null, 2)}\n`);
if (misses.length > 0) {
  console.error(`Missed: ${misses.join('; ')}`);
  process.exitCode = 1;
}
