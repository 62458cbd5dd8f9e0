// Sums the JSON reports of every suite into the one closing line CI reads: "N passed, N failed",
// preceded by the name of every failed test: a CI log is often read from its tail only.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const figureLines = [];
const failures = [];

/** The opening lines of a failure's message, so the tail of a CI log says why and not only what. */
function why(message) {
  if (!message) return '';
  const lines = message
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .slice(0, 4);
  return lines.map((line) => `\n    ${line}`).join('');
}

/** Playwright nests suites by file and describe block, and each spec holds its tests' runs. */
function playwrightFailures(suites, titles = []) {
  for (const suite of suites ?? []) {
    const trail = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      // One test per project and repeat; `spec.ok` stays true when only a repeat failed.
      const failedTests = (spec.tests ?? []).filter((t) => t.status === 'unexpected');
      if (failedTests.length > 0) {
        const times = failedTests.length > 1 ? ` (${failedTests.length} runs)` : '';
        const error = failedTests[0].results?.find((result) => result.error)?.error;
        failures.push(`playwright: ${[...trail, spec.title].join(' › ')}${times}${why(error?.message)}`);
      }
    }
    playwrightFailures(suite.suites, trail);
  }
}

for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const suiteName = path.basename(file, '.json');
  if (report.kind === 'fuzz') {
    // The API fuzz's own figures (apps/server/src/app-fuzz.test.ts), one line per database.
    const roles = Object.entries(report.roles ?? {})
      .map(([role, figures]) => `${role} ${figures.requests}`)
      .join(', ');
    figureLines.push(
      `fuzz (${report.database}): ${report.requests} requests, ${report.serverErrors} 5xx${roles ? ` (${roles})` : ''}`,
    );
  } else if (report.kind === 'cluster') {
    // The cluster run's figures (scripts/cluster/cluster.test.mjs).
    const t = report.throughput ?? {};
    figureLines.push(
      `cluster: catalog fresh on every instance in ${report.catalogFreshnessMaxMs} ms; rolling restart ${report.rollingRestart?.requests} requests, ${report.rollingRestart?.failed} failed; ` +
        Object.entries(t)
          .map(
            ([name, f]) =>
              `${name} ${f.oneInstanceDirect} req/s one instance direct vs ${f.nginxTwoInstances} through nginx to two`,
          )
          .join('; '),
    );
    const { postgresRestart: pg, redisOutage: redis, mailRefused: mail } = report;
    if (pg && redis && mail) {
      figureLines.push(
        `cluster drills: PostgreSQL restart ${pg.checkouts} checkouts, ${pg.failed} failed, ready ${pg.secondsToReady} s after; ` +
          `Redis outage ${redis.requests} requests, ${redis.serverErrors} 5xx, shared again ${redis.secondsToShared} s after; ` +
          `mail refused ${mail.refused} times, ${mail.delivered}/${mail.mails} delivered once ${mail.secondsToDeliverAll} s after`,
      );
    }
  } else if (report.kind === 'scale-out') {
    // The standby and the cache in front (scripts/cluster/scale-out.test.mjs).
    const stop = report.standbyStop ?? {};
    const through = report.guestPageThroughput ?? {};
    figureLines.push(
      `scale-out: ${report.readsOnStandby}/${report.listingRequests} listing reads on the standby; price fresh everywhere in ${report.priceChangeSeenEverywhereMaxMs} ms; ` +
        `standby stopped under load ${stop.requests} requests, ${stop.failed} failed; cached page fresh in ${report.cachedPagePriceChangeMaxMs} ms; ` +
        `guest page ${through.throughVarnish?.requestsPerSecond} req/s through Varnish vs ${through.nginxToInstances?.requestsPerSecond} without`,
    );
  } else if ('numPassedTests' in report) {
    // Vitest's JSON reporter.
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    for (const fileResult of report.testResults ?? []) {
      const where = path.relative(process.cwd(), fileResult.name);
      const failedTests = (fileResult.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const test of failedTests) {
        failures.push(`${suiteName}: ${where} › ${test.fullName}${why(test.failureMessages?.[0])}`);
      }
      // A file that fails to load has no test results, only a message.
      if (fileResult.status === 'failed' && failedTests.length === 0) {
        failures.push(`${suiteName}: ${where} › ${fileResult.message?.split('\n')[0] ?? 'failed to run'}`);
      }
    }
  } else if (report.stats) {
    // Playwright's JSON reporter.
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    playwrightFailures(report.suites);
  }
}
for (const line of figureLines.sort()) console.log(line);
for (const line of failures) console.log(`failed: ${line}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
