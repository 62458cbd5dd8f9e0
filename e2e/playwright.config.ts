import path from 'node:path';
import { defineConfig, devices, type ReporterDescription } from '@playwright/test';

// E2E_PORT lets two checkouts run their journeys side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${PORT}`;
const reportDir = process.env.SHOPPER_TEST_REPORT_DIR;

const reporter: ReporterDescription[] = [['list']];
if (reportDir) reporter.push(['json', { outputFile: path.join(reportDir, 'playwright.json') }]);

/** Debian's Chromium: no browser download is possible here. */
const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    // Debian's headless shell runs the journeys in two thirds of the full browser's time
    // on two cores (no browser UI processes); E2E_CHROMIUM picks another build.
    executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

/** The journeys that change what every other journey would see (see the projects below). */
const SHOP_WIDE = /shipping-and-taxes\.spec\.ts$/;
/** Turns guest checkout on for a while: the guest's totals must not move under it either. */
const GUEST_CHECKOUT = /guest-checkout\.spec\.ts$/;

/**
 * Journeys run against the production build (`npm run test:e2e` builds first) served by the real
 * server on a fresh embedded database, in Debian's Chromium: no browser download is possible here.
 */
export default defineConfig({
  testDir: 'tests',
  fullyParallel: false,
  forbidOnly: true,
  // Flaky journeys get fixed, not retried.
  retries: 0,
  // The machines have two cores.
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter,
  use: {
    baseURL,
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'chromium', testIgnore: [SHOP_WIDE, GUEST_CHECKOUT], use: browser },
    // Journeys that change shop-wide settings (tax rates, VAT-included prices, shipping zones) would
    // change the totals of journeys running beside them in the other worker; they run after all
    // the others, alone. Each also puts the settings back when it ends.
    { name: 'shop-wide settings', testMatch: SHOP_WIDE, dependencies: ['chromium'], use: browser },
    // Guest checkout changes what a visitor sees, and its guest pays a total the tax journeys would
    // move if they ran beside it (two workers share a project): it runs last, after them.
    { name: 'guest checkout', testMatch: GUEST_CHECKOUT, dependencies: ['shop-wide settings'], use: browser },
  ],
  webServer: {
    command: 'node ./start-server.mjs',
    url: `${baseURL}/api/ready`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
