import type { CreatePaymentIntentAnswer, Order, ShippingInfoInput } from '@shopper/contract';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * POST /api/payment/create-payment-intent: the server prices the cart; only shipping details are
 * sent, with a guest's email (docs/product.md#guest-checkout).
 */
export function createPaymentIntent(
  shippingInfo: ShippingInfoInput,
  { saveCard = false, email }: { saveCard?: boolean; email?: string | undefined } = {},
): Promise<CreatePaymentIntentAnswer> {
  return apiClient.post(
    '/payment/create-payment-intent',
    { shippingInfo, ...(saveCard ? { saveCard } : {}), ...(email ? { email } : {}) },
    (s) => s.CreatePaymentIntentAnswerSchema,
  );
}

/** POST /api/payment/confirm-order: the shop asks the provider what happened and writes the order. */
export function confirmOrder(paymentIntentId: string, paymentMethodId?: string): Promise<Order> {
  return apiClient
    .post(
      '/payment/confirm-order',
      { paymentIntentId, ...(paymentMethodId ? { paymentMethodId } : {}) },
      (s) => s.OrderAnswerSchema,
    )
    .then((answer) => answer.order);
}
