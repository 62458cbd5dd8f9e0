import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentCustomers } from '../../db/schema.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import type { UsersService } from '../users/index.ts';

export type PaymentCustomersService = ReturnType<typeof createPaymentCustomersService>;

/**
 * One customer at the card provider per user, made on first need. Saved cards are attached to it
 * and payment intents carry it, so a card can only serve the customer it belongs to.
 */
export function createPaymentCustomersService({
  db,
  provider,
  users,
  clock,
}: {
  db: Database;
  provider: PaymentProvider;
  users: UsersService;
  clock: () => Date;
}) {
  async function find(userId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ customerId: paymentCustomers.customerId })
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider.kind)))
      .limit(1);
    return row?.customerId;
  }

  return {
    /** The user's customer id, when one was made with this provider. */
    find,

    /** The user's customer id, made with the provider the first time it is needed. */
    async idFor(userId: string): Promise<string> {
      const known = await find(userId);
      if (known) return known;
      const user = await users.findById(userId);
      if (!user) throw new Error(`payment customer for a user that does not exist: ${userId}`);
      const customerId = await provider.createCustomer({ userId, email: user.email, name: user.name });
      // Two first checkouts racing: the first row stays, and both answer with it.
      await db
        .insert(paymentCustomers)
        .values({ userId, provider: provider.kind, customerId, createdAt: clock() })
        .onConflictDoNothing();
      const stored = await find(userId);
      if (!stored) throw new Error(`payment customer of ${userId} vanished after insert`);
      return stored;
    },
  };
}
