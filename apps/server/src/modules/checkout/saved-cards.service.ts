import { CHECKOUT_MESSAGES as M, type SavedPaymentMethod } from '@shopper/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { savedPaymentMethods } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentProvider, ProviderCard } from '../../payments/provider.ts';
import type { PaymentCustomersService } from './payment-customers.service.ts';

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
  customers,
  clock,
  log,
}: {
  db: Database;
  provider: PaymentProvider;
  customers: PaymentCustomersService;
  clock: () => Date;
  log: FastifyBaseLogger;
}) {
  const notFound = () => new AppError('NOT_FOUND', M.paymentMethodNotFound);

  /**
   * The card as this customer's, attaching it when it belongs to no one yet. Another customer's card
   * and a card the provider does not know get the same 404: no one learns which ids exist.
   */
  async function ownCard(userId: string, paymentMethodId: string): Promise<ProviderCard> {
    const method = await provider.findPaymentMethod(paymentMethodId);
    if (!method) throw notFound();
    if (method.customerId !== null) {
      if (method.customerId !== (await customers.find(userId))) throw notFound();
      return method.card;
    }
    const card = await provider.attachPaymentMethod(paymentMethodId, await customers.idFor(userId));
    if (!card) {
      throw new AppError('VALIDATION_FAILED', M.paymentMethodInvalid, [
        { param: 'paymentMethodId', msg: M.paymentMethodInvalid },
      ]);
    }
    return card;
  }

  return {
    async list(userId: string): Promise<SavedPaymentMethod[]> {
      const rows = await db
        .select()
        .from(savedPaymentMethods)
        .where(eq(savedPaymentMethods.userId, userId))
        .orderBy(asc(savedPaymentMethods.createdAt), asc(savedPaymentMethods.id));
      return rows.map(toView);
    },

    /** Keeps a card of the customer's own at the provider, or a new one, which is attached to them. */
    async save(userId: string, paymentMethodId: string): Promise<SavedPaymentMethod> {
      const card = await ownCard(userId, paymentMethodId);
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
      if (!UUID.test(id)) throw notFound();
      const [deleted] = await db
        .delete(savedPaymentMethods)
        .where(and(eq(savedPaymentMethods.id, id), eq(savedPaymentMethods.userId, userId)))
        .returning({ paymentMethodId: savedPaymentMethods.paymentMethodId });
      if (!deleted) throw notFound();
      try {
        await provider.detachPaymentMethod(deleted.paymentMethodId);
      } catch (error) {
        // The card is off the customer's list either way; it stays attached only to its own owner.
        log.error({ err: error, paymentMethodId: deleted.paymentMethodId }, 'could not detach a forgotten card');
      }
    },
  };
}
