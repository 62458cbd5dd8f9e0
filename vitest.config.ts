import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// .ci/run asks for a JSON report too, to print one total line over every suite.
const reportDir = process.env.SHOPPER_TEST_REPORT_DIR;
const reportName = process.env.SHOPPER_TEST_REPORT_NAME ?? 'vitest';

export default defineConfig({
  test: {
    // Vitest's default leaves one core idle (one worker on the two-core CI machine); the test files
    // wait on databases and child processes often enough to keep every core busy.
    maxWorkers: availableParallelism(),
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: path.join(reportDir, `${reportName}.json`) } : undefined,
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // Each file builds its own app on its own database and no test mocks a module, so the
          // files of a worker share the imported modules: the app is imported once per worker
          // instead of once per file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'scripts',
          // Top-level scripts only: scripts/cluster has its own config (npm run test:cluster) and needs nginx.
          include: ['scripts/*.test.mjs'],
          environment: 'node',
        },
      },
      'apps/web/vitest.config.ts',
      'apps/dashboard/vitest.config.ts',
    ],
  },
});
