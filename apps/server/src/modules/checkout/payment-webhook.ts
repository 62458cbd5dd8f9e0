import { eq } from 'drizzle-orm';
import { webhookEvents } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CheckoutDeps } from './checkout-deps.ts';
import { findIntent, recordProviderStatus } from './payment-intent-records.ts';
import { completePayment } from './settle-payment.ts';

/** POST /api/payment/webhook. A bad signature throws (400) before anything is read or written. */
export async function handleWebhook(
  deps: Omit<CheckoutDeps, 'shipping' | 'tax'>,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ duplicate: boolean }> {
  const { db, provider, onRefunded, clock } = deps;
  const event = await provider.verifyWebhook(rawBody, signature);
  const [seen] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id)).limit(1);
  if (seen) return { duplicate: true };
  const intent = event.intentId ? await findIntent(deps, event.intentId) : undefined;
  if (intent) {
    if (event.type === 'payment_intent.amount_capturable_updated' || event.type === 'payment_intent.succeeded') {
      try {
        await completePayment(deps, intent.id);
      } catch (error) {
        // Expected outcomes (sold out, not paid, mismatch) are recorded on the intent already.
        if (!(error instanceof AppError)) throw error;
      }
    } else if (event.type === 'payment_intent.payment_failed' || event.type === 'payment_intent.canceled') {
      await recordProviderStatus(deps, intent.id, await provider.retrieveIntent(intent.id));
    } else if (event.type === 'charge.refunded') {
      await onRefunded(intent.id);
    }
  }
  // Recorded once handled: a delivery that failed half-way is handled again when redelivered.
  await db
    .insert(webhookEvents)
    .values({ id: event.id, provider: provider.kind, type: event.type, receivedAt: clock() })
    .onConflictDoNothing();
  return { duplicate: false };
}
