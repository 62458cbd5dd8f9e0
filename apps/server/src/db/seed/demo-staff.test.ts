import { NewPasswordSchema } from '@shopper/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/passwords.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import type { DatabaseHandle } from '../client.ts';
import { users } from '../schema.ts';
import { DEMO_STAFF, seedDemoStaff } from './demo-staff.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => await database.close());

describe('seedDemoStaff', () => {
  it('adds the demo owner and staff once, with the README passwords', async () => {
    expect(await seedDemoStaff(database.db)).toBe(2);
    expect(await seedDemoStaff(database.db)).toBe(0);
    const rows = await database.db
      .select()
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_STAFF.map((a) => a.email),
        ),
      );
    for (const account of DEMO_STAFF) {
      const row = rows.find((r) => r.email === account.email);
      expect(row).toMatchObject({ role: account.role, isEmailVerified: true });
      expect(await verifyPassword(row?.passwordHash, account.password)).toBe(true);
      // The demo passwords pass the storefront's own rules, so they can be typed at the login form.
      expect(NewPasswordSchema().safeParse(account.password).success).toBe(true);
    }
  });
});
