import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BACK_OFFICE_PREFIX, isBackOffice, ROUTES } from './routes.ts';

const srcDir = new URL('./', import.meta.url);
const architecture = new URL('../../../docs/architecture.md', import.meta.url);

/** The rows of the first table under `## URL map`, as prefix, module and file (backticks dropped). */
function urlMapRows(markdown: string): { prefix: string; module: string; file: string }[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('URL map'));
  if (!section) throw new Error('docs/architecture.md has no "## URL map" section');
  const tableLines = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2);
  return tableLines.map((line) => {
    const [prefix = '', module = '', file = ''] = line
      .split('|')
      .slice(1, 4)
      .map((cell) => cell.trim().replace(/^`|`$/g, ''));
    return { prefix, module, file };
  });
}

describe('the route table', () => {
  it('is the URL map of docs/architecture.md, row for row', () => {
    const documented = urlMapRows(readFileSync(architecture, 'utf8'));
    expect(documented).toEqual(ROUTES.map(({ prefix, module, file }) => ({ prefix, module, file })));
  });

  it("names each row's module folder and a file in it that exports the row's plugin", async () => {
    for (const row of ROUTES) {
      const folder = row.module === 'payments' ? 'payments/' : `modules/${row.module}/`;
      expect(row.file.startsWith(folder), row.file).toBe(true);
      const path = fileURLToPath(new URL(row.file, srcDir));
      expect(existsSync(path), row.file).toBe(true);
      // The plugin is a closure over the services; what it calls is an export of the named file.
      const exported = Object.keys((await import(path)) as object);
      const source = row.plugin.toString();
      expect(
        exported.some((name) => new RegExp(`\\b${name}\\b`).test(source)),
        `${row.file} exports none of what ${row.prefix} calls`,
      ).toBe(true);
    }
  });

  it('keeps the guarded back-office rows last, so table order is registration order', () => {
    const firstGuarded = ROUTES.findIndex(isBackOffice);
    expect(firstGuarded).toBeGreaterThan(0);
    expect(ROUTES.slice(firstGuarded).every(isBackOffice)).toBe(true);
    expect(ROUTES.filter((row) => row.prefix.startsWith(BACK_OFFICE_PREFIX)).every(isBackOffice)).toBe(true);
  });
});
