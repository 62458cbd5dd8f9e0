import { TEST_WALLET, type TestIntentAnswer, type TestIntentStatus } from '@shopper/contract';
import type { ProviderIntent } from '../provider.ts';
import type { TestIntentRow } from './test-provider-intents.ts';

/** The intent as the shop's provider interface sees it. */
export function toProviderIntent(row: TestIntentRow): ProviderIntent {
  return {
    id: row.id,
    status: row.status as TestIntentStatus,
    clientSecret: row.clientSecret,
    amountCents: row.amountCents,
    amountCapturableCents: row.amountCapturableCents,
    amountReceivedCents: row.amountReceivedCents,
    currency: row.currency,
    paymentMethod:
      row.paymentMethodId && row.cardBrand && row.cardLast4
        ? { id: row.paymentMethodId, brand: row.cardBrand, last4: row.cardLast4, customerId: row.customerId }
        : null,
    lastError:
      row.lastErrorCode && row.lastErrorMessage ? { code: row.lastErrorCode, message: row.lastErrorMessage } : null,
    keepsCard: row.keepsCard,
  };
}

/** The intent as the test-mode provider's API answers the browser. */
export function toAnswer(row: TestIntentRow): TestIntentAnswer {
  const intent = toProviderIntent(row);
  return {
    id: intent.id,
    status: row.status as TestIntentStatus,
    amount: intent.amountCents,
    currency: intent.currency,
    paymentMethod: intent.paymentMethod
      ? { id: intent.paymentMethod.id, brand: intent.paymentMethod.brand, last4: intent.paymentMethod.last4 }
      : null,
    lastPaymentError: intent.lastError,
    nextAction:
      row.status !== 'requires_action'
        ? null
        : row.methodType === TEST_WALLET
          ? {
              type: 'redirect',
              url: `/test-wallet/${encodeURIComponent(row.id)}?client_secret=${encodeURIComponent(row.clientSecret)}`,
            }
          : { type: 'challenge' },
  };
}
