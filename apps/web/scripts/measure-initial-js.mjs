// JavaScript the home page loads before it can render: the entry chunk, the home route chunk and
// every chunk they import statically, gzip -9 (the unit of docs/product.md#performance) and brotli 11 (what the server
// sends a browser: the build precompresses every asset, docs/decisions/026).
// Run after `vite build`: node scripts/measure-initial-js.mjs
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = new URL('../dist/assets/', import.meta.url).pathname;
const html = readFileSync(new URL('../dist/index.html', import.meta.url), 'utf8');
const entry = html.match(/<script type="module"[^>]*src="\/assets\/([^"]+)"/)?.[1];
const home = readdirSync(assets).find((file) => /^home-page-.*\.js$/.test(file));
if (!entry || !home) throw new Error('Build first: entry or home chunk not found');

const seen = new Set();
function visit(file) {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(join(assets, file), 'utf8');
  // Static imports only: `import ... from "./x.js"` and bare `import "./x.js"`, not import().
  for (const match of code.matchAll(/(?:^|[;\s}])import\s*(?:[^'"();]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    visit(match[1]);
  }
}
visit(entry);
visit(home);

const kb = (bytes) => (bytes / 1024).toFixed(2).padStart(8);
const totals = { gzip: 0, brotli: 0, libraries: 0 };
console.log('    gzip    brotli  file');
for (const file of [...seen].sort()) {
  const code = readFileSync(join(assets, file));
  const gzip = gzipSync(code, { level: 9 }).length;
  const brotli = brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  totals.gzip += gzip;
  totals.brotli += brotli;
  // React, React Router and TanStack Query (vite.config.ts): the floor the shop's code adds to.
  if (file.startsWith('framework-')) totals.libraries += gzip;
  console.log(`${kb(gzip)}  ${kb(brotli)}  ${file}`);
}
console.log(`${kb(totals.gzip)}  ${kb(totals.brotli)}  total`);
console.log(`${kb(totals.libraries)}            of which libraries (framework chunk), gzip`);

// The home page's budget with React in the browser (docs/decisions/039), in gzip -9: React 19 is
// about 60 KB of it, and the rest is the shop's to spend with care.
const BUDGET_KB = 130;
if (totals.gzip / 1024 > BUDGET_KB) {
  console.error(`Over the ${BUDGET_KB} KB budget (gzip) for the home page's first JavaScript.`);
  process.exitCode = 1;
}
