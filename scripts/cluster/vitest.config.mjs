import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// .ci/run collects every suite's JSON report to print one total line.
const reportDir = process.env.SHOPPER_TEST_REPORT_DIR;

// `npm run test:cluster`: one file, one topology, steps in order (docs/decisions/027). Kept out of
// the root config so `npm test` never needs nginx, PostgreSQL and Redis.
export default defineConfig({
  root,
  test: {
    include: ['scripts/cluster/**/*.test.mjs'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: path.join(reportDir, 'cluster.json') } : undefined,
  },
});
