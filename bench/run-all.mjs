// `npm run bench` (after its build): every benchmark in turn, each run to the end even when an
// earlier one missed its target, so one run prints every figure. Exits 1 if any target was missed.
import { spawnSync } from 'node:child_process';
import { root } from './shop-process.mjs';

const BENCHMARKS = [
  'bench/listing.mjs',
  'bench/listing-miss.mjs',
  'bench/access-log.mjs',
  'bench/product-page.mjs',
  'apps/web/scripts/measure-initial-js.mjs',
  'bench/lighthouse.mjs',
];

const missed = BENCHMARKS.filter(
  (script) => spawnSync(process.execPath, [script], { cwd: root, stdio: 'inherit' }).status !== 0,
);
console.log(missed.length ? `Targets missed in: ${missed.join(', ')}` : 'Every benchmark met its target.');
if (missed.length) process.exitCode = 1;
