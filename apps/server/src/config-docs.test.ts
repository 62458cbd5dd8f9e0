import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTING_NAMES } from './config.ts';

const page = readFileSync(new URL('../../../docs/configuration.md', import.meta.url), 'utf8');

/** The variables the table's rows name in their first cell (`A`, or `A`, `B` on one row). */
function documentedNames(markdown: string): Set<string> {
  const rows = markdown.split('\n').filter((line) => /^\| `/.test(line));
  return new Set(
    rows.flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? '')),
  );
}

describe('docs/configuration.md', () => {
  it('has a row for every setting config.ts reads', () => {
    const documented = documentedNames(page);
    expect(SETTING_NAMES.length).toBeGreaterThan(30);
    expect(SETTING_NAMES.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('documents no setting the server does not read, besides the OpenTelemetry SDK’s own', () => {
    const read = new Set(SETTING_NAMES);
    const unknown = [...documentedNames(page)].filter((name) => !read.has(name) && !name.startsWith('OTEL_'));
    expect(unknown).toEqual([]);
  });
});
