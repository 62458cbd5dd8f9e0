import type { StaffRole } from '@shopper/contract';
import { hashPassword } from '../../lib/passwords.ts';
import type { Database } from '../client.ts';
import { sql } from 'drizzle-orm';
import { users } from '../schema.ts';

/** The demo shop's back-office accounts; README lists them. Seeded only when DEMO=true (main.ts). */
export const DEMO_STAFF: readonly { email: string; name: string; password: string; role: StaffRole }[] = [
  { email: 'owner@shopper.local', name: 'Demo Owner', password: 'Owner-demo-1', role: 'owner' },
  { email: 'staff@shopper.local', name: 'Demo Staff', password: 'Staff-demo-1', role: 'staff' },
];

/**
 * Adds each demo account that does not exist yet; an existing account with that email (even one the
 * owner changed) is left as it is, so restarts and several instances change nothing.
 */
export async function seedDemoStaff(db: Database): Promise<number> {
  let added = 0;
  for (const account of DEMO_STAFF) {
    const rows = await db
      .insert(users)
      .values({
        email: account.email,
        name: account.name,
        passwordHash: await hashPassword(account.password),
        role: account.role,
        isEmailVerified: true,
      })
      .onConflictDoNothing({ target: users.email, where: sql`not ${users.guest}` })
      .returning({ id: users.id });
    added += rows.length;
  }
  return added;
}
