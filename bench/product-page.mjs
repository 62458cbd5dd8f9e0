// `npm run bench`: requests/s of a server-rendered product page against the product's JSON API
// answer, in the same run at 50 connections. Target: HTML ≥ 50 % of JSON (docs/product.md#performance; decision 024).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { root, startShop } from './shop-process.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3903);
const TARGET_RATIO = 0.5;

async function measure(url) {
  // A short warm-up fills the caches and lets the JIT settle before the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return { requestsPerSecond: result.requests.average, latencyP99Ms: result.latency.p99 };
}

let shop;
try {
  shop = await startShop({ port: PORT, logLevel: process.env.BENCH_LOG_LEVEL ?? 'info' });
  const list = await (await fetch(`${shop.url}/api/products/all-products?limit=1`)).json();
  const slug = list.products[0].slug;
  const htmlPath = `/products/${slug}`;
  const jsonPath = `/api/products/slug/${slug}`;
  const page = await fetch(`${shop.url}${htmlPath}`);
  const html = await page.text();
  if (page.status !== 200 || !html.includes('id="shopper-state"')) {
    throw new Error(`${htmlPath} is not a server-rendered page (${page.status})`);
  }

  const htmlRun = await measure(`${shop.url}${htmlPath}`);
  const jsonRun = await measure(`${shop.url}${jsonPath}`);
  const ratio = htmlRun.requestsPerSecond / jsonRun.requestsPerSecond;
  const report = {
    date: new Date().toISOString(),
    durationSeconds: DURATION_S,
    connections: CONNECTIONS,
    htmlBytes: Buffer.byteLength(html),
    html: { path: htmlPath, ...htmlRun },
    json: { path: jsonPath, ...jsonRun },
    ratio: Number(ratio.toFixed(3)),
    target: TARGET_RATIO,
    meetsTarget: ratio >= TARGET_RATIO,
  };
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/product-page.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`html     ${htmlPath}: ${htmlRun.requestsPerSecond.toFixed(0)} req/s (p99 ${htmlRun.latencyP99Ms} ms)`);
  console.log(`json     ${jsonPath}: ${jsonRun.requestsPerSecond.toFixed(0)} req/s (p99 ${jsonRun.latencyP99Ms} ms)`);
  console.log(`ratio    ${ratio.toFixed(2)} (target ≥ ${TARGET_RATIO}) ${report.meetsTarget ? 'MET' : 'NOT MET'}`);
  if (!report.meetsTarget) process.exitCode = 1;
} finally {
  await shop?.stop();
}
