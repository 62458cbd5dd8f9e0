import { ACCOUNT_MESSAGES } from '@shopper/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { eq } from 'drizzle-orm';
import { auditLog, coupons, products, reviews, users } from '../db/schema.ts';
import { verifyPassword } from '../lib/passwords.ts';
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
  return adminWithInput(undefined, ...argv);
}

async function adminWithInput(piped: string | undefined, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, {
    storage: { kind: 'postgres' },
    openDatabase: async () => ({ ...database, close: async () => undefined }),
    readPipedInput: async () => piped,
    publicUrl: 'https://shop.example.com',
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

describe('npm run admin -- create-owner <email>', () => {
  const userNamed = async (email: string) => (await database.db.select().from(users).where(eq(users.email, email)))[0];

  it('creates a verified owner with the piped password, never printing it', async () => {
    const result = await adminWithInput('Own3r-secret!', 'create-owner', 'Boss@Example.com');
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toBe('Created the owner boss@example.com with the piped password.');
    const owner = await userNamed('boss@example.com');
    expect(owner).toMatchObject({ role: 'owner', isEmailVerified: true });
    expect(await verifyPassword(owner?.passwordHash, 'Own3r-secret!')).toBe(true);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, owner!.id));
    expect(audit).toMatchObject({ actorId: null, action: 'staff.create-owner', after: { role: 'owner' } });
  });

  it('prints a one-time set-password link when nothing is piped', async () => {
    const result = await admin('create-owner', 'linked@example.com');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^Created the owner linked@example.com\. Open this link within 24 hours/);
    expect(result.out).toMatch(/https:\/\/shop\.example\.com\/reset-password\/[\w-]{20,}$/);
    expect((await userNamed('linked@example.com'))?.role).toBe('owner');
  });

  it('promotes an existing account without touching its password, and is idempotent', async () => {
    await adminWithInput('Cust0mer-pass!', 'create-owner', 'existing@example.com');
    await database.db.update(users).set({ role: 'customer' }).where(eq(users.email, 'existing@example.com'));
    const promoted = await adminWithInput('Other-pass1!', 'create-owner', 'existing@example.com');
    expect(promoted.out).toBe('existing@example.com is now an owner (existing account, password unchanged).');
    const row = await userNamed('existing@example.com');
    expect(await verifyPassword(row?.passwordHash, 'Cust0mer-pass!')).toBe(true);
    expect((await admin('create-owner', 'existing@example.com')).out).toBe(
      'existing@example.com is already an owner; nothing changed.',
    );
  });

  it('refuses a bad email or a weak password with the storefront’s words, and wrong use with exit 2', async () => {
    const badEmail = await admin('create-owner', 'not-an-email');
    expect(badEmail).toMatchObject({ code: 1, err: ACCOUNT_MESSAGES.emailInvalid });
    const weak = await adminWithInput('short', 'create-owner', 'weak@example.com');
    expect(weak.code).toBe(1);
    expect(weak.err).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    expect(await userNamed('weak@example.com')).toBeUndefined();
    expect((await admin('create-owner')).code).toBe(2);
    expect((await admin('create-owner', 'a@example.com', 'b@example.com')).code).toBe(2);
  });
});
