import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import {
  CreatePaymentIntentAnswerSchema,
  OrderAnswerSchema,
  SavedPaymentMethodsAnswerSchema,
  TEST_CARD,
} from '@shopper/contract';
import { buildUser, errorBody, jsonResponse, stubApi } from '../../test/account-fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import {
  buildCart,
  buildOrder,
  cartAnswer,
  cartSummaryAnswer,
  paymentConfigAnswer,
  recordedRequests,
  signedInRoutes,
  testIntent,
} from '../../test/shop-fixtures.ts';
import { CheckoutPage } from './checkout-page.tsx';
import { CheckoutReturnPage } from './checkout-return-page.tsx';

afterEach(() => vi.unstubAllGlobals());

function ConfirmationProbe() {
  const { orderId } = useParams();
  return <p>confirmation of {orderId}</p>;
}

const cart = buildCart();
const user = buildUser({
  address: {
    street: '1 Main Street',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
    postalCode: '62701',
    country: 'US',
  },
});
const intentAnswer = CreatePaymentIntentAnswerSchema.parse({
  success: true,
  clientSecret: 'pi_123_secret_abc',
  paymentIntentId: 'pi_123',
  amount: 64.8,
});
const savedCard = {
  _id: '6f1c2f0e-0000-4000-8000-000000000001',
  paymentMethodId: 'pm_kept',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  createdAt: '2026-11-01T00:00:00.000Z',
};

type Handler = Parameters<typeof stubApi>[0][string];

function renderAt(path: string, cards: (typeof savedCard)[], routes: Record<string, Handler> = {}) {
  const fetchFake = stubApi({
    ...signedInRoutes(user),
    'GET /api/payment/config': () => jsonResponse(200, paymentConfigAnswer()),
    'GET /api/cart': () => jsonResponse(200, cartAnswer(cart)),
    'GET /api/payment/cart-summary': () => jsonResponse(200, cartSummaryAnswer(cart)),
    'GET /api/payments/payment-methods': () =>
      jsonResponse(200, SavedPaymentMethodsAnswerSchema.parse({ success: true, paymentMethods: cards })),
    'POST /api/payment/create-payment-intent': () => jsonResponse(200, intentAnswer),
    'POST /api/payment/confirm-order': () =>
      jsonResponse(200, OrderAnswerSchema.parse({ success: true, order: buildOrder({ _id: 'order-9' }) })),
    ...routes,
  });
  renderRoutes(
    [
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/checkout/return', element: <CheckoutReturnPage /> },
      { path: '/order-confirmation/:orderId', element: <ConfirmationProbe /> },
    ],
    [path],
  );
  return fetchFake;
}

const bodiesOf = (fetchFake: ReturnType<typeof stubApi>, path: string) =>
  recordedRequests(fetchFake)
    .filter((request) => request.method === 'POST' && request.url.pathname === path)
    .map((request) => request.body);

describe('paying with a saved card, keeping a new one', () => {
  it('picks the saved card with no card fields, and names it at confirm-order', async () => {
    const fetchFake = renderAt('/checkout', [savedCard], {
      'POST /api/test-provider/payment_intents/pi_123/confirm': () =>
        jsonResponse(
          200,
          testIntent('requires_capture', { paymentMethod: { id: 'pm_kept', brand: 'visa', last4: '4242' } }),
        ),
    });
    expect(await screen.findByRole('radio', { name: /Visa •••• 4242 · 12\/30/ })).toHaveProperty('checked', true);
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByText('confirmation of order-9')).toBeTruthy();
    expect(bodiesOf(fetchFake, '/api/test-provider/payment_intents/pi_123/confirm')).toEqual([
      { clientSecret: 'pi_123_secret_abc', paymentMethodId: 'pm_kept' },
    ]);
    expect(bodiesOf(fetchFake, '/api/payment/confirm-order')).toEqual([
      { paymentIntentId: 'pi_123', paymentMethodId: 'pm_kept' },
    ]);
  });

  it('asks the provider to keep a new card when ticked, then saves it after the order', async () => {
    const fetchFake = renderAt('/checkout', [], {
      'POST /api/test-provider/payment_intents/pi_123/confirm': () => jsonResponse(200, testIntent('requires_capture')),
      'POST /api/payments/payment-methods': () =>
        jsonResponse(200, { success: true, paymentMethod: { ...savedCard, paymentMethodId: 'pm_1' } }),
    });
    await userEvent.type(await screen.findByLabelText('Card number'), TEST_CARD.success);
    await userEvent.type(screen.getByLabelText('Expiry'), '12/30');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByLabelText('Save this card for next time'));
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByText('confirmation of order-9')).toBeTruthy();
    expect(bodiesOf(fetchFake, '/api/payment/create-payment-intent')[0]).toMatchObject({ saveCard: true });
    expect(bodiesOf(fetchFake, '/api/payments/payment-methods')).toEqual([{ paymentMethodId: 'pm_1' }]);
  });
});

describe('CheckoutReturnPage', () => {
  it('confirms the order named in the address and goes to its confirmation', async () => {
    const fetchFake = renderAt('/checkout/return?payment_intent=pi_123&redirect_status=succeeded', []);
    expect(await screen.findByText('confirmation of order-9')).toBeTruthy();
    expect(bodiesOf(fetchFake, '/api/payment/confirm-order')).toEqual([{ paymentIntentId: 'pi_123' }]);
  });

  it('shows why a payment failed, with the way back to checkout', async () => {
    renderAt('/checkout/return?payment_intent=pi_123&redirect_status=failed', [], {
      'POST /api/payment/confirm-order': () =>
        jsonResponse(402, errorBody('PAYMENT_FAILED', 'The test wallet payment was declined.')),
    });
    expect(await screen.findByText('The test wallet payment was declined.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Back to checkout' })).toBeTruthy());
  });
});
