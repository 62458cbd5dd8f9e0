import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './migrations-folder.ts';

/**
 * Migration 0030 on a shop whose import kept Shopify's capitalised types beside the demo's lower-case
 * ones: the migrations run up to 0029 from a copy of the folder cut there, the rows are written as
 * that code wrote them, then the rest run.
 */
const LAST_BEFORE_FOLDING = '0029_back_in_stock';

let dir: string;
let client: PGlite;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'shopper-migrations-types-'));
  const cut = path.join(dir, LAST_BEFORE_FOLDING);
  cpSync(migrationsFolder(), cut, { recursive: true });
  const journalFile = path.join(cut, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === LAST_BEFORE_FOLDING);
  expect(last, `${LAST_BEFORE_FOLDING} in the journal`).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));

  client = await PGlite.create({ extensions: { pg_trgm } });
  const db = drizzle({ client });
  await migrate(db, { migrationsFolder: cut });
  await client.query(
    `insert into products (slug, name, brand, category, price_cents, types) values
       ('imported-dress', 'Imported Dress', 'Testwear', 'women', 5000, '{Dresses,Maxi,dresses}'),
       ('demo-dress', 'Demo Dress', 'Testwear', 'women', 5000, '{dresses}'),
       ('untyped-tee', 'Untyped Tee', 'Testwear', 'men', 5000, '{}')`,
  );
  await client.query(
    `insert into collections (slug, name, kind, rule) values
       ('summer', 'Summer', 'rule', '{"types": ["Dresses", "Tops"], "tags": ["Linen"]}'),
       ('linen', 'Linen', 'rule', '{"tags": ["Linen"]}'),
       ('picked', 'Picked', 'manual', null)`,
  );
  await migrate(db, { migrationsFolder: migrationsFolder() });
});

afterAll(async () => {
  await client?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('migration 0030: product types in lower case', () => {
  it('folds each product’s types to one lower-case spelling, in their first order', async () => {
    const { rows } = await client.query<{ slug: string; types: string[] }>(
      'select slug, types from products order by slug',
    );
    expect(rows).toEqual([
      { slug: 'demo-dress', types: ['dresses'] },
      { slug: 'imported-dress', types: ['dresses', 'maxi'] },
      { slug: 'untyped-tee', types: [] },
    ]);
  });

  it('folds the types of rule collections and leaves their tags and other collections as they were', async () => {
    const { rows } = await client.query<{ slug: string; rule: unknown }>(
      'select slug, rule from collections order by slug',
    );
    expect(rows).toEqual([
      { slug: 'linen', rule: { tags: ['Linen'] } },
      { slug: 'picked', rule: null },
      { slug: 'summer', rule: { types: ['dresses', 'tops'], tags: ['Linen'] } },
    ]);
  });
});
