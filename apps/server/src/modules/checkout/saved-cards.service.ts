import { CHECKOUT_MESSAGES as M, type SavedPaymentMethod } from '@shopper/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { savedPaymentMethods } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentProvider } from '../../payments/provider.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Row = typeof savedPaymentMethods.$inferSelect;

const toView = (row: Row): SavedPaymentMethod => ({
  _id: row.id,
  paymentMethodId: row.paymentMethodId,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  createdAt: row.createdAt.toISOString(),
});

export type SavedCardsService = ReturnType<typeof createSavedCardsService>;

/** Cards a customer keeps with the provider: we store its id and display details only, never the number. */
export function createSavedCardsService({
  db,
  provider,
  clock,
}: {
  db: Database;
  provider: PaymentProvider;
  clock: () => Date;
}) {
  return {
    async list(userId: string): Promise<SavedPaymentMethod[]> {
      const rows = await db
        .select()
        .from(savedPaymentMethods)
        .where(eq(savedPaymentMethods.userId, userId))
        .orderBy(asc(savedPaymentMethods.createdAt), asc(savedPaymentMethods.id));
      return rows.map(toView);
    },

    /** The provider must know the card as this customer's (test mode: used on one of their paid intents). */
    async save(userId: string, paymentMethodId: string): Promise<SavedPaymentMethod> {
      const card = await provider.findCustomerCard(paymentMethodId, userId);
      if (!card) {
        throw new AppError('VALIDATION_FAILED', M.paymentMethodInvalid, [
          { param: 'paymentMethodId', msg: M.paymentMethodInvalid },
        ]);
      }
      await db
        .insert(savedPaymentMethods)
        .values({
          userId,
          paymentMethodId: card.id,
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
          createdAt: clock(),
        })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(savedPaymentMethods)
        .where(and(eq(savedPaymentMethods.userId, userId), eq(savedPaymentMethods.paymentMethodId, card.id)));
      if (!row) throw new Error('saved card vanished after insert');
      return toView(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      const notFound = new AppError('NOT_FOUND', M.paymentMethodNotFound);
      if (!UUID.test(id)) throw notFound;
      const deleted = await db
        .delete(savedPaymentMethods)
        .where(and(eq(savedPaymentMethods.id, id), eq(savedPaymentMethods.userId, userId)))
        .returning({ id: savedPaymentMethods.id });
      if (deleted.length === 0) throw notFound;
    },
  };
}
