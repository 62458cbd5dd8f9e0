// Gzipped JS the home page loads before it can render: the entry chunk, the home route chunk and
// every chunk they import statically. Run after `vite build`: node scripts/measure-initial-js.mjs
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

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

let total = 0;
for (const file of [...seen].sort()) {
  const size = gzipSync(readFileSync(join(assets, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  total (gzip -9)`);

// The home page's budget (docs/decisions/004): fail the benchmark run when it is exceeded.
const BUDGET_KB = 130;
if (total / 1024 > BUDGET_KB) {
  console.error(`Over the ${BUDGET_KB} KB budget for the home page's first JavaScript.`);
  process.exitCode = 1;
}
