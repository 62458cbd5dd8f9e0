// Sums the JSON reports of every suite into the one closing line CI reads: "N passed, N failed".
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const fuzzLines = [];
for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  if (report.kind === 'fuzz') {
    // The API fuzz's own figures (apps/server/src/app-fuzz.test.ts), one line per database.
    fuzzLines.push(`fuzz (${report.database}): ${report.requests} requests, ${report.serverErrors} 5xx`);
  } else if (report.kind === 'cluster') {
    // The cluster run's figures (scripts/cluster/cluster.test.mjs).
    const t = report.throughput ?? {};
    fuzzLines.push(
      `cluster: catalog fresh on every instance in ${report.catalogFreshnessMaxMs} ms; rolling restart ${report.rollingRestart?.requests} requests, ${report.rollingRestart?.failed} failed; ` +
        Object.entries(t)
          .map(
            ([name, f]) =>
              `${name} ${f.oneInstanceDirect} req/s one instance direct vs ${f.nginxTwoInstances} through nginx to two`,
          )
          .join('; '),
    );
  } else if ('numPassedTests' in report) {
    // Vitest's JSON reporter.
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    // Playwright's JSON reporter.
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  }
}
for (const line of fuzzLines.sort()) console.log(line);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
