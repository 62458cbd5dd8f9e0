// `npm run bench`: what the access log costs. The shop as `npm start` runs it in production (the
// built server, default log level, one access line per request into a real file) against a bare
// Fastify route answering the same bytes, at 50 connections, in alternating runs so a machine
// busy with something else slows both alike. Target: the listing at ≥ 0.6 of the bare route at the
// default level (docs/decisions/040). The run at LOG_LEVEL=warn and /api/health are reported only.
import { createReadStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { root, startProcess, startShop, stop } from './shop-process.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_RATIO = 0.6;
const LISTING_PATH = '/api/products/all-products?page=1&limit=12';
const SHOP_PORT = Number(process.env.BENCH_PORT ?? 3904);
const BARE_PORT = SHOP_PORT + 1;
/** USER_HZ, the unit of /proc/<pid>/stat's times: 100 on every Linux architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU time the process (all its threads) has used so far, in microseconds, from Linux's
 * /proc/<pid>/stat; undefined elsewhere. Per request it moves less than a rate does when the
 * machine runs other work, so it is a second view of what the access line costs.
 */
function cpuMicros(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1_000_000 / CLOCK_TICKS_PER_SECOND);
  } catch {
    return undefined;
  }
}

async function run(url, duration, pid) {
  const cpuBefore = pid ? cpuMicros(pid) : undefined;
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  const cpuAfter = pid ? cpuMicros(pid) : undefined;
  const cpuMicrosPerRequest =
    cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / result.requests.total;
  return { requestsPerSecond: result.requests.average, responses: result.requests.total, cpuMicrosPerRequest };
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * A warm-up of each (the JIT, the catalog cache), then ROUNDS rounds of one measured run of each,
 * back to back, the order swapped every round. Each round gives a ratio of two runs seconds apart;
 * the median of those ratios is what is compared with the target, since other work on the machine
 * comes and goes between rounds far more than within one.
 */
async function compare(shop, shopPath, bareUrl) {
  const shopUrl = `${shop.url}${shopPath}`;
  const shopRuns = [];
  const bareRuns = [];
  const ratios = [];
  const shopCpu = [];
  let shopResponses = (await run(shopUrl, 2)).responses;
  await run(bareUrl, 2);
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? ['shop', 'bare'] : ['bare', 'shop'];
    const rates = {};
    for (const which of order) {
      if (which === 'shop') {
        const result = await run(shopUrl, DURATION_S, shop.child.pid);
        rates.shop = result.requestsPerSecond;
        shopResponses += result.responses;
        if (result.cpuMicrosPerRequest !== undefined) shopCpu.push(result.cpuMicrosPerRequest);
      } else {
        rates.bare = (await run(bareUrl, DURATION_S)).requestsPerSecond;
      }
    }
    shopRuns.push(rates.shop);
    bareRuns.push(rates.bare);
    ratios.push(rates.shop / rates.bare);
  }
  return {
    shop: { runs: shopRuns, mean: mean(shopRuns), cpuMicrosPerRequest: shopCpu.length ? median(shopCpu) : undefined },
    bare: { runs: bareRuns, mean: mean(bareRuns) },
    ratios: ratios.map((ratio) => Number(ratio.toFixed(3))),
    ratio: Number(median(ratios).toFixed(3)),
    shopResponses,
  };
}

async function countAccessLines(file) {
  let count = 0;
  let carry = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8' })) {
    const lines = (carry + chunk).split('\n');
    carry = lines.pop() ?? '';
    for (const line of lines) if (line.includes('"msg":"request completed"')) count += 1;
  }
  return count;
}

const range = (runs) => `${Math.min(...runs).toFixed(0)}–${Math.max(...runs).toFixed(0)}`;

function print(label, comparison) {
  const cpu = comparison.shop.cpuMicrosPerRequest;
  const ratios = comparison.ratios.map((ratio) => ratio.toFixed(2)).join(' ');
  console.log(
    `${label.padEnd(24)} shop ${comparison.shop.mean.toFixed(0)} req/s (${range(comparison.shop.runs)})  ` +
      `bare ${comparison.bare.mean.toFixed(0)} req/s (${range(comparison.bare.runs)})  ` +
      `ratio ${comparison.ratio.toFixed(2)} (rounds ${ratios})` +
      (cpu === undefined ? '' : `  shop CPU ${cpu.toFixed(0)} µs/request`),
  );
}

const work = mkdtempSync(path.join(tmpdir(), 'shopper-access-log-'));
let shop;
let bare;
let dataDir;
try {
  shop = await startShop({ port: SHOP_PORT, logLevel: 'info', logFile: path.join(work, 'info.log') });
  const body = await (await fetch(`${shop.url}${LISTING_PATH}`)).text();
  const bodyFile = path.join(work, 'listing.json');
  writeFileSync(bodyFile, body);
  bare = await startProcess(
    [path.join(root, 'bench/bare-server.mjs')],
    { PORT: String(BARE_PORT), BODY_FILE: bodyFile },
    `http://127.0.0.1:${BARE_PORT}/health`,
  );
  const bareUrl = `http://127.0.0.1:${BARE_PORT}`;

  const listingInfo = await compare(shop, LISTING_PATH, `${bareUrl}/listing`);
  print('listing, LOG_LEVEL=info', listingInfo);
  const healthInfo = await compare(shop, '/api/health', `${bareUrl}/health`);
  print('health,  LOG_LEVEL=info', healthInfo);
  // The graceful stop writes out whatever the log still buffers: every answered request has its line.
  dataDir = shop.dataDir;
  const exitCode = await shop.stop({ keepData: true });
  shop = undefined;
  const answered = listingInfo.shopResponses + healthInfo.shopResponses;
  const accessLines = await countAccessLines(path.join(work, 'info.log'));
  console.log(`access lines             ${accessLines} for ${answered} answered requests (exit ${exitCode})`);

  shop = await startShop({ port: SHOP_PORT, logLevel: 'warn', dataDir, logFile: path.join(work, 'warn.log') });
  const listingWarn = await compare(shop, LISTING_PATH, `${bareUrl}/listing`);
  print('listing, LOG_LEVEL=warn', listingWarn);
  const [cpuInfo, cpuWarn] = [listingInfo, listingWarn].map((comparison) => comparison.shop.cpuMicrosPerRequest);
  if (cpuInfo !== undefined && cpuWarn !== undefined) {
    console.log(`access line              ${(cpuInfo - cpuWarn).toFixed(0)} µs of CPU per request (info − warn)`);
  }

  const everyLineWritten = accessLines >= answered && exitCode === 0;
  const meetsTarget = listingInfo.ratio >= TARGET_RATIO && everyLineWritten;
  const report = {
    date: new Date().toISOString(),
    durationSeconds: DURATION_S,
    connections: CONNECTIONS,
    rounds: ROUNDS,
    responseBytes: Buffer.byteLength(body),
    listingInfo,
    healthInfo,
    listingWarn,
    accessLines: { written: accessLines, answered, exitCode },
    target: TARGET_RATIO,
    meetsTarget,
  };
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/access-log.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `target                   listing at info ≥ ${TARGET_RATIO} of bare, every line written: ${meetsTarget ? 'MET' : 'NOT MET'}`,
  );
  if (!meetsTarget) process.exitCode = 1;
} finally {
  if (bare) await stop(bare);
  await shop?.stop();
  for (const dir of [work, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
}
