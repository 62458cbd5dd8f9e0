// `npm run bench`: requests/s of the real product listing (page of 12 from the database) against a
// bare Fastify route answering the same bytes, on this machine. Target: ratio ≥ 0.40.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { root, startProcess, startShop, stop } from './shop-process.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGET_RATIO = 0.4;
const LISTING_PATH = '/api/products/all-products?limit=12&page=1';

async function measure(url) {
  // A short warm-up lets the JIT and the database caches settle before the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    requestsPerSecond: result.requests.average,
    latencyP99Ms: result.latency.p99,
    bytes: result.throughput.average,
  };
}

const shopPort = 3901;
const barePort = 3902;
const processes = [];
let shop;
try {
  shop = await startShop({ port: shopPort, logLevel: process.env.BENCH_LOG_LEVEL ?? 'info' });
  const body = await (await fetch(`http://127.0.0.1:${shopPort}${LISTING_PATH}`)).text();
  const bodyFile = path.join(shop.dataDir, 'listing.json');
  writeFileSync(bodyFile, body);

  const bare = await startProcess(
    [path.join(root, 'bench/bare-server.mjs')],
    { PORT: String(barePort), BODY_FILE: bodyFile },
    `http://127.0.0.1:${barePort}/health`,
  );
  processes.push(bare);

  const listing = await measure(`http://127.0.0.1:${shopPort}${LISTING_PATH}`);
  const bareRoute = await measure(`http://127.0.0.1:${barePort}/listing`);
  const ratio = listing.requestsPerSecond / bareRoute.requestsPerSecond;

  const report = {
    date: new Date().toISOString(),
    durationSeconds: DURATION_S,
    connections: CONNECTIONS,
    responseBytes: Buffer.byteLength(body),
    listing,
    bareRoute,
    ratio: Number(ratio.toFixed(3)),
    target: TARGET_RATIO,
    meetsTarget: ratio >= TARGET_RATIO,
  };
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/listing.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `listing  ${LISTING_PATH}: ${listing.requestsPerSecond.toFixed(0)} req/s (p99 ${listing.latencyP99Ms} ms)`,
  );
  console.log(
    `bare     same ${report.responseBytes} bytes: ${bareRoute.requestsPerSecond.toFixed(0)} req/s (p99 ${bareRoute.latencyP99Ms} ms)`,
  );
  console.log(`ratio    ${ratio.toFixed(2)} (target ≥ ${TARGET_RATIO}) ${report.meetsTarget ? 'MET' : 'NOT MET'}`);
  if (!report.meetsTarget) process.exitCode = 1;
} finally {
  await Promise.all(processes.map(stop));
  await shop?.stop();
}
