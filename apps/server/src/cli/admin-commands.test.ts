import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { coupons, products, reviews } from '../db/schema.ts';
import { DEMO_COUPONS } from '../db/seed/demo-coupons.ts';
import { DEMO_PRODUCTS } from '../db/seed/demo-products.ts';
import { openTestDatabase } from '../test/test-app.ts';
import { runAdmin } from './admin-commands.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Runs the CLI on the test database; the runner closes it, so hand it a handle whose close is a no-op. */
async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, {
    openDatabase: async () => ({ ...database, close: async () => undefined }),
    print: (line) => out.push(line),
    printError: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const countOf = async (table: typeof products | typeof reviews | typeof coupons) =>
  (await database.db.select({ n: count() }).from(table))[0]?.n ?? 0;

describe('npm run admin -- <command>', () => {
  it('lists its commands, and refuses an unknown one with exit code 2', async () => {
    const help = await admin('help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('seed-demo');
    const none = await admin();
    expect(none.code).toBe(2);
    expect(none.err).toContain('Usage: npm run admin -- <command>');
    const unknown = await admin('drop-everything');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Unknown command: drop-everything');
  });

  it('seed-demo fills an empty shop once; running it again changes nothing', async () => {
    expect(await countOf(products)).toBe(0);
    const first = await admin('seed-demo');
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toMatch(
      new RegExp(
        `Seeded the demo data: ${DEMO_PRODUCTS.length} products, \\d+ reviews, ${DEMO_COUPONS.length} coupons\\.`,
      ),
    );
    expect(await countOf(products)).toBe(DEMO_PRODUCTS.length);
    expect(await countOf(coupons)).toBe(DEMO_COUPONS.length);
    const reviewCount = await countOf(reviews);
    expect(reviewCount).toBeGreaterThan(0);

    const again = await admin('seed-demo');
    expect(again.code).toBe(0);
    expect(again.out).toBe('Nothing to seed: the shop already has products, reviews and promo codes.');
    expect(await countOf(products)).toBe(DEMO_PRODUCTS.length);
    expect(await countOf(reviews)).toBe(reviewCount);
  });

  it('seed-demo takes no arguments', async () => {
    const wrong = await admin('seed-demo', '--force');
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('seed-demo takes no arguments');
  });
});
