import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useParams } from 'react-router';
import {
  ACCOUNT_MESSAGES,
  CARD_ERRORS,
  CHECKOUT_MESSAGES as M,
  CreatePaymentIntentAnswerSchema,
  formatUsd,
  GUEST_CHECKOUT_MESSAGES as G,
  OrderAnswerSchema,
  SavedPaymentMethodsAnswerSchema,
  TEST_CARD,
} from '@shopper/contract';
import { buildUser, jsonResponse, stubApi } from '../../test/account-fixtures.ts';
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

afterEach(() => vi.unstubAllGlobals());

function ConfirmationProbe() {
  const { orderId } = useParams();
  const guestEmail = (useLocation().state as { guestEmail?: string } | null)?.guestEmail;
  return (
    <p>
      confirmation of {orderId}
      {guestEmail ? ` for ${guestEmail}` : ''}
    </p>
  );
}

const cart = buildCart();
const intentAnswer = CreatePaymentIntentAnswerSchema.parse({
  success: true,
  clientSecret: 'pi_123_secret_abc',
  paymentIntentId: 'pi_123',
  amount: 64.8,
});

type Handler = (request: { body: unknown; headers: Record<string, string> }) => Response | Promise<Response>;

function renderCheckout(routes: Record<string, Handler> = {}, { isGuest = false } = {}) {
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
  const fetchFake = stubApi({
    ...(isGuest ? {} : signedInRoutes(user)),
    'GET /api/payment/config': () => jsonResponse(200, paymentConfigAnswer('test', { guestCheckout: isGuest })),
    'GET /api/cart': () => jsonResponse(200, cartAnswer(cart)),
    'GET /api/payment/cart-summary': () => jsonResponse(200, cartSummaryAnswer(cart)),
    'POST /api/payment/create-payment-intent': () => jsonResponse(200, intentAnswer),
    'POST /api/payment/confirm-order': () =>
      jsonResponse(200, OrderAnswerSchema.parse({ success: true, order: buildOrder({ _id: 'order-9' }) })),
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/order-confirmation/:orderId', element: <ConfirmationProbe /> },
    ],
    ['/checkout'],
  );
  return { ...view, fetchFake };
}

const calls = (fetchFake: ReturnType<typeof stubApi>, path: string) =>
  recordedRequests(fetchFake).filter((request) => request.url.pathname.includes(path));

async function fillCard(number: string) {
  await userEvent.type(await screen.findByLabelText('Card number'), number);
  await userEvent.type(screen.getByLabelText('Expiry'), '12/30');
  await userEvent.type(screen.getByLabelText('CVC'), '123');
}

/** A guest has no profile to fill the shipping form from. */
async function fillShipping() {
  await userEvent.type(await screen.findByLabelText('Full name'), 'Grace Hopper');
  await userEvent.type(screen.getByLabelText('Address'), '1 Main Street');
  await userEvent.type(screen.getByLabelText('City'), 'Springfield');
  await userEvent.type(screen.getByLabelText('State/Province'), 'IL');
  await userEvent.type(screen.getByLabelText('Zip/Postal Code'), '62701');
  await userEvent.type(screen.getByLabelText('Phone number'), '5551234567');
}

describe('CheckoutPage', () => {
  it('prefills the shipping form from the profile, US by default, and shows the server total', async () => {
    renderCheckout();
    expect((await screen.findByLabelText<HTMLInputElement>('Address')).value).toBe('1 Main Street');
    expect(screen.getByLabelText<HTMLSelectElement>('Country').value).toBe('US');
    expect(screen.getByRole('button', { name: 'Pay $64.80' })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Test cards' })).getByText(TEST_CARD.requiresAuthentication),
    ).toBeTruthy();
  });

  it('asks for every shipping field with its one message', async () => {
    const { fetchFake } = renderCheckout();
    await userEvent.clear(await screen.findByLabelText('City'));
    await fillCard(TEST_CARD.success);
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByText(M.shippingFieldsRequired)).toBeTruthy();
    expect(calls(fetchFake, '/create-payment-intent')).toHaveLength(0);
  });

  it('pays once however often Pay is clicked, then goes to the order confirmation', async () => {
    let answerIntent: (response: Response) => void = () => undefined;
    const { fetchFake } = renderCheckout({
      'POST /api/payment/create-payment-intent': () => new Promise<Response>((resolve) => (answerIntent = resolve)),
      'POST /api/test-provider/payment_intents/pi_123/confirm': () => jsonResponse(200, testIntent('requires_capture')),
    });
    await fillCard(TEST_CARD.success);
    const pay = screen.getByRole('button', { name: /^Pay/ });
    await userEvent.click(pay);
    await userEvent.dblClick(pay);
    await waitFor(() => expect(calls(fetchFake, '/create-payment-intent')).toHaveLength(1));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Processing...' }).disabled).toBe(true);

    answerIntent(jsonResponse(200, intentAnswer));
    expect(await screen.findByText('confirmation of order-9')).toBeTruthy();
    expect(calls(fetchFake, '/create-payment-intent')).toHaveLength(1);
    expect(calls(fetchFake, '/confirm-order')).toHaveLength(1);
    // The card went to the provider without the shop's session.
    const providerCall = calls(fetchFake, '/test-provider/')[0]!;
    expect(providerCall.headers['auth-token']).toBeUndefined();
    expect(providerCall.body).toMatchObject({
      clientSecret: 'pi_123_secret_abc',
      card: { number: TEST_CARD.success, expMonth: 12, expYear: 2030, cvc: '123' },
    });
  });

  it('stops a payment whose total changed before the click, shows the new total, and pays it on the next click', async () => {
    let taxRate = 0.08;
    const { fetchFake } = renderCheckout({
      'GET /api/payment/cart-summary': () => jsonResponse(200, cartSummaryAnswer(cart, taxRate)),
      'POST /api/test-provider/payment_intents/pi_123/confirm': () => jsonResponse(200, testIntent('requires_capture')),
    });
    await fillCard(TEST_CARD.success);
    const shown = cartSummaryAnswer(cart, 0.08).amount;
    const changed = cartSummaryAnswer(cart, 0.1).amount;
    await screen.findByRole('button', { name: `Pay ${formatUsd(shown)}` });
    // The address's price changes on the server between what the button says and the click.
    taxRate = 0.1;
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByText(M.totalChanged(formatUsd(changed)))).toBeTruthy();
    expect(calls(fetchFake, '/create-payment-intent')).toHaveLength(0);

    await userEvent.click(await screen.findByRole('button', { name: `Pay ${formatUsd(changed)}` }));
    expect(await screen.findByText('confirmation of order-9')).toBeTruthy();
    expect(calls(fetchFake, '/create-payment-intent')).toHaveLength(1);
    expect(screen.queryByText(M.totalChanged(formatUsd(changed)))).toBeNull();
  });

  it('shows the provider message for a declined card and writes no order', async () => {
    const { fetchFake } = renderCheckout({
      'POST /api/test-provider/payment_intents/pi_123/confirm': () =>
        jsonResponse(
          200,
          testIntent('requires_payment_method', {
            lastPaymentError: { code: 'card_declined', message: CARD_ERRORS.card_declined },
          }),
        ),
    });
    await fillCard(TEST_CARD.declined);
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByText(CARD_ERRORS.card_declined)).toBeTruthy();
    expect(calls(fetchFake, '/confirm-order')).toHaveLength(0);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /^Pay/ }).disabled).toBe(false);
  });

  it('runs the 3-D Secure challenge in a dialog: Complete writes the order', async () => {
    const { fetchFake } = renderCheckout({
      'POST /api/test-provider/payment_intents/pi_123/confirm': () => jsonResponse(200, testIntent('requires_action')),
      'POST /api/test-provider/payment_intents/pi_123/authenticate': () =>
        jsonResponse(200, testIntent('requires_capture')),
    });
    await fillCard(TEST_CARD.requiresAuthentication);
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete authentication' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('confirmation of order-9')).toBeTruthy();
    expect(calls(fetchFake, '/authenticate')[0]?.body).toEqual({
      clientSecret: 'pi_123_secret_abc',
      outcome: 'complete',
    });
  });

  it('runs the 3-D Secure challenge in a dialog: Fail shows the message and writes no order', async () => {
    const { fetchFake } = renderCheckout({
      'POST /api/test-provider/payment_intents/pi_123/confirm': () => jsonResponse(200, testIntent('requires_action')),
      'POST /api/test-provider/payment_intents/pi_123/authenticate': () =>
        jsonResponse(
          200,
          testIntent('requires_payment_method', {
            lastPaymentError: { code: 'authentication_failed', message: CARD_ERRORS.authentication_failed },
          }),
        ),
    });
    await fillCard(TEST_CARD.requiresAuthentication);
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Fail' }));
    expect(await screen.findByText(CARD_ERRORS.authentication_failed)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls(fetchFake, '/confirm-order')).toHaveLength(0);
  });

  it('goes to the payment intent confirmation when the order cannot be confirmed', async () => {
    renderCheckout({
      'POST /api/test-provider/payment_intents/pi_123/confirm': () => jsonResponse(200, testIntent('requires_capture')),
      'POST /api/payment/confirm-order': () =>
        jsonResponse(500, { success: false, code: 'INTERNAL', message: 'Something went wrong' }),
    });
    await fillCard(TEST_CARD.success);
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByText('confirmation of pi_123')).toBeTruthy();
  });

  it('shows the Payment System Error block when the provider fails', async () => {
    renderCheckout({
      'POST /api/test-provider/payment_intents/pi_123/confirm': () =>
        jsonResponse(503, { success: false, code: 'INTERNAL', message: 'Unavailable' }),
    });
    await fillCard(TEST_CARD.success);
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByText(M.paymentSystemError)).toBeTruthy();
  });
});

describe('CheckoutPage for a guest (docs/product.md#guest-checkout)', () => {
  const savedCard = {
    _id: '6f1c2f0e-0000-4000-8000-000000000001',
    paymentMethodId: 'pm_kept',
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2030,
    createdAt: '2026-11-01T00:00:00.000Z',
  };
  const guestRoutes = {
    'POST /api/test-provider/payment_intents/pi_123/confirm': () => jsonResponse(200, testIntent('requires_capture')),
    // Were anything asked for an account's cards, this one would show.
    'GET /api/payments/payment-methods': () =>
      jsonResponse(200, SavedPaymentMethodsAnswerSchema.parse({ success: true, paymentMethods: [savedCard] })),
  };

  it('asks for an email above the shipping form, and offers nothing an account keeps', async () => {
    renderCheckout(guestRoutes, { isGuest: true });
    const email = await screen.findByLabelText<HTMLInputElement>(G.emailLabel);
    expect(email.value).toBe('');
    expect(screen.getByText(G.emailHint)).toBeTruthy();
    expect(
      email.compareDocumentPosition(screen.getByLabelText('Full name')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Address').value).toBe('');
    expect(screen.getByLabelText('Card number')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /Visa •••• 4242/ })).toBeNull();
    expect(screen.queryByLabelText('Deliver to')).toBeNull();
    expect(screen.queryByLabelText('Save this card for next time')).toBeNull();
    expect(screen.queryByLabelText('Keep these details for my next order')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay $64.80' })).toBeTruthy();
  });

  it('shows the email rules under the field and pays nothing until the email is valid', async () => {
    const { fetchFake } = renderCheckout(guestRoutes, { isGuest: true });
    await fillShipping();
    await fillCard(TEST_CARD.success);
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    const email = screen.getByLabelText(G.emailLabel);
    expect(await screen.findByText(G.emailRequired)).toBeTruthy();
    expect(screen.queryByText(ACCOUNT_MESSAGES.emailRequired)).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(M.shippingFieldsRequired)).toBeNull();

    await userEvent.type(email, 'grace@example');
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailInvalid)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(screen.getByText(ACCOUNT_MESSAGES.emailInvalid)).toBeTruthy();
    expect(calls(fetchFake, '/create-payment-intent')).toHaveLength(0);
  });

  it('sends the email with the payment, keeps no card, and goes to the confirmation', async () => {
    const { fetchFake } = renderCheckout(guestRoutes, { isGuest: true });
    await userEvent.type(await screen.findByLabelText(G.emailLabel), ' Grace@Example.com ');
    await fillShipping();
    await fillCard(TEST_CARD.success);
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByText('confirmation of order-9 for grace@example.com')).toBeTruthy();
    const [intent] = calls(fetchFake, '/create-payment-intent');
    expect(intent?.body).toEqual({
      email: 'grace@example.com',
      shippingInfo: {
        name: 'Grace Hopper',
        phoneNumber: '5551234567',
        shippingMethod: 'standard',
        shippingAddress: { street: '1 Main Street', city: 'Springfield', state: 'IL', country: 'US', zip: '62701' },
      },
    });
    expect(intent?.headers['auth-token']).toBeUndefined();
    expect(calls(fetchFake, '/payments/payment-methods')).toHaveLength(0);
  });
});
