import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CHECKOUT_MESSAGES as M, MESSAGES } from '@shopper/contract/plain';
import type { ShippingInfoInput } from '@shopper/contract';
import { isApiError } from '../../../lib/api-client.ts';
import { invalidateCart } from '../../../lib/cart-queries.ts';
import { saveCard as keepCard, savedCardKeys } from '../../../lib/saved-cards.ts';
import { confirmOrder, createPaymentIntent } from '../api/pay.ts';
import { ProviderFailure, type ConfirmCard, type PreparePayment } from '../payment-outcome.ts';

export type PaymentError =
  /** Shown inline next to the card: the provider's or the shop's reason (docs/product.md#checkout). */
  | { kind: 'inline'; message: string }
  /** The 'Payment System Error' block: the provider or the shop could not be reached or failed. */
  | { kind: 'system'; message: string };

/** Transport failures and 5xx are the system's fault; a 4xx carries a reason for the customer. */
function classify(error: unknown): PaymentError {
  if (error instanceof ProviderFailure) return { kind: 'system', message: error.message };
  if (!isApiError(error)) return { kind: 'inline', message: M.paymentError };
  if (error.status === 0 || error.status === 408 || error.status >= 500) {
    const isTransport = error.message === MESSAGES.network || error.message === MESSAGES.timeout;
    return { kind: 'system', message: isTransport ? error.message : M.paymentError };
  }
  if (error.message === M.cartEmpty) return { kind: 'inline', message: M.cartMissing };
  return { kind: 'inline', message: error.message || M.paymentError };
}

export interface PayInput {
  shippingInfo: ShippingInfoInput;
  hasItems: boolean;
  confirmCard: ConfirmCard;
  prepare?: PreparePayment;
  /** "Save this card for next time": the provider keeps it, then the shop lists it. */
  saveCard?: boolean;
  /** A guest's email (docs/product.md#guest-checkout); undefined for an account. */
  email?: string | undefined;
}

/**
 * The checkout flow of docs/product.md#checkout: open a payment intent, confirm the card with the provider, then
 * ask the shop to confirm the order and go to its confirmation (or to the payment intent's when
 * the order could not be confirmed). A ref guards the whole flow: one payment per click, however
 * fast the clicks.
 */
export function useCheckoutPayment() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const [isPaying, setIsPaying] = useState(false);
  const [error, setError] = useState<PaymentError | null>(null);

  async function pay({
    shippingInfo,
    hasItems,
    confirmCard,
    prepare,
    saveCard = false,
    email,
  }: PayInput): Promise<void> {
    if (inFlight.current) return;
    inFlight.current = true;
    setIsPaying(true);
    setError(null);
    let isLeaving = false;
    try {
      if (!hasItems) {
        setError({ kind: 'inline', message: M.cartMissing });
        return;
      }
      const prepared = prepare ? await prepare() : null;
      if (prepared?.status === 'card-error') {
        setError({ kind: 'inline', message: prepared.message });
        return;
      }
      const intent = await createPaymentIntent(shippingInfo, { saveCard, email });
      const outcome = await confirmCard(intent);
      if (outcome.status === 'card-error') {
        setError({ kind: 'inline', message: outcome.message });
        return;
      }
      isLeaving = true;
      // The browser is on its way to the wallet's page; the return page takes over from there.
      if (outcome.status === 'redirected') return;
      let target: string;
      try {
        target = (await confirmOrder(intent.paymentIntentId, outcome.paymentMethodId))._id;
        const kept = outcome.paymentMethodId;
        if (saveCard && kept) {
          // Keeping the card is a convenience: the order stands whatever the answer.
          await keepCard(kept)
            .then(() => queryClient.invalidateQueries({ queryKey: savedCardKeys.all }))
            .catch(() => undefined);
        }
      } catch {
        // docs/product.md#checkout: the payment went through; the confirmation page finds the order by its payment.
        target = intent.paymentIntentId;
      }
      // A guest's confirmation names the email in its "create an account" prompt: the order does not carry it.
      const state = email ? { guestEmail: email } : undefined;
      await navigate(`/order-confirmation/${encodeURIComponent(target)}`, { replace: true, state });
      void invalidateCart(queryClient);
    } catch (failure) {
      isLeaving = false;
      setError(classify(failure));
    } finally {
      if (!isLeaving) {
        inFlight.current = false;
        setIsPaying(false);
      }
    }
  }

  return { pay, isPaying, error, clearError: () => setError(null) };
}
