import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { COLOUR_FAMILIES, DEFAULT_COLOUR_NAME } from '@shopper/contract';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './migrations-folder.ts';

/**
 * Migration 0015 (decision 043) on a shop that already has products, stock, a ledger, a cart, an
 * order and a return: the migrations are run up to 0014 from a copy of the folder cut there, the
 * shop is written as the code of that time wrote it, then the rest of the migrations run.
 */

type Journal = { entries: { idx: number; tag: string }[] };
const LAST_BEFORE_COLOURS = '0014_refund_retries';

let dir: string;
let client: PGlite;

/** A copy of the migrations folder whose journal ends at `lastTag`. */
function folderCutAt(lastTag: string): string {
  const target = path.join(dir, lastTag);
  cpSync(migrationsFolder(), target, { recursive: true });
  const journalFile = path.join(target, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal;
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  expect(last, `${lastTag} in the journal`).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return target;
}

async function rows<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return (await client.query<T>(query, params)).rows;
}

async function one<T>(query: string, params: unknown[] = []): Promise<T> {
  const [row] = await rows<T>(query, params);
  if (!row) throw new Error(`no row: ${query}`);
  return row;
}

const DRAWN = ['/images/products/tshirt-1f4e79-front.svg', '/images/products/tshirt-1f4e79-back.svg'];
const UPLOADED = ['/images/uploads/0123456789abcdef0123-640.webp'];

type Sums = { product_id: string; size: string; total: number }[];
const stockSums = () =>
  rows<Sums[number]>(
    'select product_id, size, sum(stock)::int as total from product_sizes group by 1, 2 order by 1, 2',
  );
const ledgerSums = () =>
  rows<Sums[number]>(
    'select product_id, size, sum(delta)::int as total from stock_movements group by 1, 2 order by 1, 2',
  );

let drawn: string;
let uploaded: string;
let bare: string;
let stockBefore: Sums;
let ledgerBefore: Sums;
let movementsBefore: number;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'shopper-migrations-'));
  client = await PGlite.create({ extensions: { pg_trgm } });
  const db = drizzle({ client });
  await migrate(db, { migrationsFolder: folderCutAt(LAST_BEFORE_COLOURS) });

  // The shop as it was before colours: three products, one of them with the demo's drawings.
  const product = async (slug: string, images: string[], mainImageIndex: number) =>
    (
      await one<{ id: string }>(
        `insert into products (slug, name, brand, category, images, main_image_index, price_cents)
         values ($1, $1, 'Testwear', 'men', $2, $3, 5000) returning id`,
        [slug, images, mainImageIndex],
      )
    ).id;
  drawn = await product('drawn-tee', DRAWN, 1);
  uploaded = await product('uploaded-tee', UPLOADED, 0);
  bare = await product('bare-tee', [], 0);
  // Opening stock: the ledger trigger writes each as an 'import'.
  await client.query(
    `insert into product_sizes (product_id, size, position, stock) values
       ($1, 'S', 0, 5), ($1, 'M', 1, 3), ($2, 'M', 0, 2), ($3, 'L', 0, 0)`,
    [drawn, uploaded, bare],
  );
  await client.transaction(async (tx) => {
    await tx.query(`select set_config('shopper.stock_reason', 'adjustment', true)`);
    await tx.query(`update product_sizes set stock = stock + 4 where product_id = $1 and size = 'S'`, [drawn]);
  });
  const user = await one<{ id: string }>(
    `insert into users (email, name, password_hash) values ('ada@example.com', 'Ada', 'x') returning id`,
  );
  await client.query(`insert into cart_items (user_id, product_id, size, quantity) values ($1, $2, 'M', 1)`, [
    user.id,
    drawn,
  ]);
  await client.query(
    `insert into payment_intents (id, provider, user_id, amount_cents, subtotal_cents, tax_cents, cart_snapshot, shipping_info, status)
     values ('pi_before_colours', 'test', $1, 10000, 10000, 0, '[]', '{}', 'succeeded')`,
    [user.id],
  );
  const order = await one<{ id: string }>(
    `insert into orders (order_number, user_id, payment_intent_id, items_price_cents, shipping_cents, tax_cents,
       total_cents, status, shipping_name, shipping_address, shipping_city, shipping_state, shipping_postal_code,
       shipping_country, shipping_phone, payment_status)
     values ('SH-10001', $1, 'pi_before_colours', 10000, 0, 0, 10000, 'Delivered', 'Ada', '1 Row', 'Springfield',
       'IL', '62704', 'US', '+1 555', 'succeeded')
     returning id`,
    [user.id],
  );
  await client.query(
    `insert into order_items (order_id, product_id, name, image, size, quantity, unit_price_cents) values
       ($1, $2, 'drawn-tee', $3, 'M', 2, 5000), ($1, null, 'Gone Tee', '/gone.svg', 'M', 1, 5000)`,
    [order.id, drawn, DRAWN[1]],
  );
  await client.transaction(async (tx) => {
    await tx.query(
      `select set_config('shopper.stock_reason', 'sale', true), set_config('shopper.stock_order', $1, true)`,
      [order.id],
    );
    await tx.query(`update product_sizes set stock = stock - 2 where product_id = $1 and size = 'M'`, [drawn]);
  });
  // A return of one of the two.
  await client.transaction(async (tx) => {
    await tx.query(
      `select set_config('shopper.stock_reason', 'return', true), set_config('shopper.stock_order', $1, true)`,
      [order.id],
    );
    await tx.query(`update product_sizes set stock = stock + 1 where product_id = $1 and size = 'M'`, [drawn]);
  });
  await client.query(
    `insert into refunds (order_id, amount_cents, reason, status, idempotency_key) values ($1, 5000, 'Returned', 'succeeded', 'return-1')`,
    [order.id],
  );

  stockBefore = await stockSums();
  ledgerBefore = await ledgerSums();
  movementsBefore = (await one<{ n: number }>('select count(*)::int as n from stock_movements')).n;

  await migrate(db, { migrationsFolder: migrationsFolder() });
});

afterAll(async () => {
  await client?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('migration 0015: colours on a shop with data', () => {
  it('changes no stock and writes no movement: every size sums as before', async () => {
    expect(await stockSums()).toEqual(stockBefore);
    expect(await ledgerSums()).toEqual(ledgerBefore);
    expect((await one<{ n: number }>('select count(*)::int as n from stock_movements')).n).toBe(movementsBefore);
    expect(stockBefore.find((s) => s.product_id === drawn && s.size === 'S')?.total).toBe(9);
  });

  it('gives each product one Standard colour with the drawing’s swatch and the old gallery', async () => {
    const colours = await rows<{
      product_id: string;
      slug: string;
      name: string;
      swatch: string;
      family: string;
      position: number;
      images: string[];
      main_image_index: number;
      hidden_at: Date | null;
    }>('select * from product_colours order by product_id');
    expect(colours).toHaveLength(3);
    const of = (productId: string) => colours.find((c) => c.product_id === productId);
    expect(of(drawn)).toMatchObject({
      slug: 'standard',
      name: DEFAULT_COLOUR_NAME,
      swatch: '#1f4e79',
      family: 'blue',
      position: 0,
      images: DRAWN,
      main_image_index: 1,
      hidden_at: null,
    });
    expect(of(uploaded)).toMatchObject({
      name: DEFAULT_COLOUR_NAME,
      swatch: '#9ca3af',
      family: 'grey',
      images: UPLOADED,
    });
    expect(of(bare)).toMatchObject({ name: DEFAULT_COLOUR_NAME, swatch: '#9ca3af', images: [] });
  });

  it('moves the gallery to the colours: products keep no images of their own', async () => {
    const columns = await rows<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'products'`,
    );
    expect(columns.map((c) => c.column_name)).not.toContain('images');
    expect(columns.map((c) => c.column_name)).not.toContain('main_image_index');
  });

  it('points sizes, movements, cart and order items at the product’s colour', async () => {
    const colourOf = async (productId: string) =>
      (await one<{ id: string }>('select id from product_colours where product_id = $1', [productId])).id;
    for (const productId of [drawn, uploaded, bare]) {
      const colour = await colourOf(productId);
      for (const table of ['product_sizes', 'stock_movements', 'cart_items', 'order_items']) {
        const found = await rows<{ colour_id: string | null }>(`select colour_id from ${table} where product_id = $1`, [
          productId,
        ]);
        expect(found.every((row) => row.colour_id === colour)).toBe(true);
      }
    }
    expect(await rows('select 1 from cart_items where product_id = $1', [drawn])).toHaveLength(1);
    const items = await rows<{ product_id: string | null; colour_id: string | null; colour_name: string }>(
      'select product_id, colour_id, colour_name from order_items order by product_id nulls last',
    );
    expect(items).toEqual([
      { product_id: drawn, colour_id: await colourOf(drawn), colour_name: '' },
      { product_id: null, colour_id: null, colour_name: '' },
    ]);
  });

  it('keeps the ledger per colour afterwards, and a colour removed takes its rows and ledger', async () => {
    await client.query(`update product_sizes set stock = stock + 1 where product_id = $1 and size = 'L'`, [bare]);
    const colour = await one<{ id: string }>('select id from product_colours where product_id = $1', [bare]);
    const [movement] = await rows<{ colour_id: string; delta: number; reason: string }>(
      `select colour_id, delta, reason from stock_movements where product_id = $1`,
      [bare],
    );
    expect(movement).toEqual({ colour_id: colour.id, delta: 1, reason: 'adjustment' });
    await client.query('delete from product_colours where id = $1', [colour.id]);
    expect(await rows('select 1 from product_sizes where product_id = $1', [bare])).toEqual([]);
    expect(await rows('select 1 from stock_movements where product_id = $1', [bare])).toEqual([]);
    await client.query('delete from products where id = $1', [uploaded]);
    expect(await rows('select 1 from product_colours where product_id = $1', [uploaded])).toEqual([]);
  });

  it('refuses a swatch that is not #rrggbb in lower case', async () => {
    await expect(
      client.query(
        `insert into product_colours (product_id, slug, name, swatch, position) values ($1, 'x', 'X', '#ABCDEF', 1)`,
        [drawn],
      ),
    ).rejects.toThrow(/product_colours_swatch_check/);
  });
});

describe('colour_family', () => {
  const familyOf = async (swatch: string) =>
    (await one<{ family: string | null }>('select colour_family($1) as family', [swatch])).family;

  it.each([
    ['#000000', 'black'],
    ['#1c1c1e', 'black'],
    ['#ffffff', 'white'],
    ['#f4f1ea', 'white'],
    ['#808080', 'grey'],
    ['#9ca3af', 'grey'],
    ['#3a3d42', 'grey'],
    ['#f5f5dc', 'beige'],
    ['#d8c6a4', 'beige'],
    ['#8b4513', 'brown'],
    ['#5a3e2b', 'brown'],
    ['#ff0000', 'red'],
    ['#7a2e3b', 'red'],
    ['#ffc0cb', 'pink'],
    ['#ff69b4', 'pink'],
    ['#ffa500', 'orange'],
    ['#e07a5f', 'orange'],
    ['#ffff00', 'yellow'],
    ['#c9a227', 'yellow'],
    ['#008000', 'green'],
    ['#9aab8f', 'green'],
    ['#5b6b3a', 'green'],
    ['#0000ff', 'blue'],
    ['#1f4e79', 'blue'],
    ['#2a6f73', 'blue'],
    ['#800080', 'purple'],
    ['#b9a7d1', 'purple'],
  ])('%s is %s', async (swatch, family) => {
    expect(await familyOf(swatch)).toBe(family);
  });

  it('covers every family of the contract, and answers null for anything but #rrggbb', async () => {
    const samples = ['#000000', '#ffffff', '#808080', '#f5f5dc', '#8b4513', '#ff0000'];
    samples.push('#ffc0cb', '#ffa500', '#ffff00', '#008000', '#0000ff', '#800080');
    expect(await Promise.all(samples.map(familyOf))).toEqual([...COLOUR_FAMILIES]);
    expect(await familyOf('#ABCDEF')).toBeNull();
    expect(await familyOf('red')).toBeNull();
  });
});
