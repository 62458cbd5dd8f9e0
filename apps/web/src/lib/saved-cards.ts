import { queryOptions } from '@tanstack/react-query';
import type { SavedPaymentMethod } from '@shopper/contract';
import { apiClient } from './api-client.ts';

/** The customer's saved cards: picked at checkout, listed and removed on the profile. */
export const savedCardKeys = { all: ['saved-cards'] as const };

/** GET /api/payments/payment-methods: the signed-in customer's own cards, oldest first. */
export function getSavedCards(signal?: AbortSignal): Promise<SavedPaymentMethod[]> {
  return apiClient
    .get('/payments/payment-methods', (s) => s.SavedPaymentMethodsAnswerSchema, { signal })
    .then((answer) => answer.paymentMethods);
}

export function savedCardsQueryOptions() {
  return queryOptions({ queryKey: savedCardKeys.all, queryFn: ({ signal }) => getSavedCards(signal) });
}

/** POST /api/payments/payment-methods: keeps the card a payment was just made with. */
export function saveCard(paymentMethodId: string): Promise<SavedPaymentMethod> {
  return apiClient
    .post('/payments/payment-methods', { paymentMethodId }, (s) => s.SavedPaymentMethodAnswerSchema)
    .then((answer) => answer.paymentMethod);
}

/** DELETE /api/payments/payment-methods/:id: forgets the card here and at the provider. */
export function removeSavedCard(id: string): Promise<void> {
  return apiClient
    .delete(`/payments/payment-methods/${encodeURIComponent(id)}`, (s) => s.MessageAnswerSchema.pick({ success: true }))
    .then(() => undefined);
}

/** "Visa •••• 4242 · 12/30" */
export function cardLabel(card: Pick<SavedPaymentMethod, 'brand' | 'last4' | 'expMonth' | 'expYear'>): string {
  const brand = card.brand === 'unknown' ? 'Card' : card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  const expiry =
    card.expMonth && card.expYear
      ? ` · ${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`
      : '';
  return `${brand} •••• ${card.last4}${expiry}`;
}
