import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// The shipped dashboard reads only what /metrics serves: a renamed metric would leave a panel
// silently empty in production, so the dashboard is checked against the real endpoint here.

const dashboardPath = new URL('../../../../ops/grafana/shopper-dashboard.json', import.meta.url);

type Target = { expr: string; datasource?: { uid?: string } };
type Panel = { id: number; type: string; title: string; datasource?: { uid?: string }; targets?: Target[] };
type Variable = { name: string; type: string; query: unknown };
type Dashboard = { uid: string; panels: Panel[]; templating: { list: Variable[] } };

const PROMQL_WORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'and',
  'or',
  'unless',
  'offset',
  'inf',
  'nan',
]);

/** The metric names an expression reads: identifiers that are no function, keyword or label. */
function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // label values
    .replace(/\{[^}]*\}/g, '') // label matchers
    .replace(/\[[^\]]*\]/g, '') // ranges
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ''); // grouping labels
  const names = [...bare.matchAll(/(?<![\w:.])[a-zA-Z_:][\w:]*(?![\w:]|\s*\()/g)].map((match) => match[0]);
  return names.filter((name) => !PROMQL_WORDS.has(name.toLowerCase()) && !name.startsWith('$'));
}

let t: TestApp;
let metricsText: string;
const dashboard = JSON.parse(readFileSync(dashboardPath, 'utf8')) as Dashboard;

beforeAll(async () => {
  t = await createTestApp();
  // One request and one sweep-less scrape: every family is declared from the start.
  await t.app.inject('/api/health');
  metricsText = (await t.app.inject('/metrics')).body;
});
afterAll(async () => {
  await t.close();
});

/** Declared on /metrics: a `# TYPE` line for it, or for the histogram it is a series of. */
function isServed(name: string): boolean {
  const family = name.replace(/_(bucket|count|sum)$/, '');
  return metricsText.includes(`# TYPE ${name} `) || metricsText.includes(`# TYPE ${family} histogram`);
}

describe('ops/grafana/shopper-dashboard.json', () => {
  it('is a dashboard with a Prometheus data source variable every panel reads through', () => {
    expect(dashboard.uid).toBe('shopper-overview');
    expect(dashboard.templating.list).toContainEqual(
      expect.objectContaining({ name: 'datasource', type: 'datasource', query: 'prometheus' }),
    );
    const queried = dashboard.panels.filter((panel) => panel.type !== 'row');
    expect(queried.length).toBeGreaterThanOrEqual(12);
    for (const panel of queried) {
      expect(panel.datasource?.uid, panel.title).toBe('${datasource}');
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) expect(target.datasource?.uid, panel.title).toBe('${datasource}');
    }
    expect(new Set(dashboard.panels.map((panel) => panel.id)).size).toBe(dashboard.panels.length);
  });

  it('queries only metrics the server serves on /metrics', () => {
    const names = new Set(
      dashboard.panels.flatMap((panel) => (panel.targets ?? []).flatMap((target) => metricNamesIn(target.expr))),
    );
    for (const variable of dashboard.templating.list.filter((v) => v.type === 'query')) {
      const query = (variable.query as { query?: string } | string | undefined) ?? '';
      const text = typeof query === 'string' ? query : (query.query ?? '');
      for (const name of metricNamesIn(text.replace(/^label_values\((.*),\s*\w+\)$/, '$1'))) names.add(name);
    }
    // Each panel the dashboard is for, by the metric it cannot do without.
    for (const needed of [
      'http_request_duration_seconds_bucket',
      'shopper_catalog_cache_hits_total',
      'shopper_catalog_cache_misses_total',
      'shopper_mail_outbox_pending',
      'shopper_payment_sweep_last_run_timestamp_seconds',
      'shopper_rate_limit_refusals_total',
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
    ]) {
      expect(names).toContain(needed);
    }
    const missing = [...names].filter((name) => !isServed(name));
    expect(missing).toEqual([]);
  });

  it('reads metric names out of PromQL, not functions, keywords or labels', () => {
    expect(
      metricNamesIn(
        'histogram_quantile(0.95, sum by (le, route) (rate(http_request_duration_seconds_bucket{route=~"$route"}[5m])))',
      ),
    ).toEqual(['http_request_duration_seconds_bucket']);
    expect(metricNamesIn('time() - max by (instance) (a_total) / ignoring(x) b_seconds offset 5m')).toEqual([
      'a_total',
      'b_seconds',
    ]);
  });
});
