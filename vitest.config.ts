import path from 'node:path';
import { defineConfig } from 'vitest/config';

// .ci/run asks for a JSON report too, to print one total line over every suite.
const reportDir = process.env.SHOPPER_TEST_REPORT_DIR;
const reportName = process.env.SHOPPER_TEST_REPORT_NAME ?? 'vitest';

export default defineConfig({
  test: {
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      'apps/dashboard/vitest.config.ts',
    ],
  },
});
