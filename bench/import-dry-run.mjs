// How the shop answers while it plans a large catalog import (docs/decisions/045): /api/health is
// asked every 10 ms while a 20,000-row file (one Handle, a colour and a picture per row: the shape
// that made the planner quadratic) is uploaded and planned. Prints the p50, p99 and worst answer
// times during the dry run; the target is a p99 under 100 ms.
//
//   npm run build && node bench/import-dry-run.mjs [rows]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root, startShop } from './shop-process.mjs';

const rows = Number(process.argv[2] ?? 20_000);
const port = Number(process.env.BENCH_PORT ?? 4391);
const email = 'bench-owner@example.com';
const password = 'Bench-owner-1';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shopper-import-bench-'));
const admin = (args, input) =>
  execFileSync(process.execPath, [path.join(root, 'apps/server/dist/cli/admin.js'), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    input,
    stdio: ['pipe', 'ignore', 'inherit'],
  });
admin(['seed-demo']);
admin(['create-owner', email], password);

const shop = await startShop({ port, dataDir, logLevel: 'warn', logFile: process.env.BENCH_SHOP_LOG });
try {
  const login = await fetch(`${shop.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const { accessToken } = await login.json();

  const header =
    'Handle,Title,Vendor,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant Price,Variant Inventory Qty,Image Src,Category (product.metafields.shopper.category)';
  const lines = Array.from(
    { length: rows },
    (_, index) =>
      `bench-shirt,Bench Shirt,Acme,Size,M,Colour,Shade ${index},40.00,3,https://cdn.example.com/${index}.png,men`,
  );
  const file = [header, ...lines].join('\n');
  const form = new FormData();
  form.append('file', new Blob([file], { type: 'text/csv' }), 'bench.csv');

  const times = [];
  let planning = true;
  const health = (async () => {
    while (planning) {
      const started = performance.now();
      const answer = await fetch(`${shop.url}/api/health`);
      await answer.arrayBuffer();
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const started = performance.now();
  const upload = await fetch(`${shop.url}/api/admin/catalog-import`, {
    method: 'POST',
    headers: { 'auth-token': accessToken },
    body: form,
  });
  const planMs = performance.now() - started;
  planning = false;
  await health;
  if (upload.status !== 201) throw new Error(`the dry run answered ${upload.status}: ${await upload.text()}`);

  times.sort((a, b) => a - b);
  const at = (share) => times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? Number.NaN;
  console.log(
    JSON.stringify(
      {
        rows,
        fileKilobytes: Math.round(file.length / 1024),
        dryRunMs: Math.round(planMs),
        healthChecks: times.length,
        healthP50Ms: Number(at(0.5).toFixed(1)),
        healthP99Ms: Number(at(0.99).toFixed(1)),
        healthMaxMs: Number((times.at(-1) ?? Number.NaN).toFixed(1)),
      },
      null,
      2,
    ),
  );
} finally {
  await shop.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
