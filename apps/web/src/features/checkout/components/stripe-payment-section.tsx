import { useEffect, useMemo } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElementsOptions, type StripeError } from '@stripe/stripe-js';
import { CHECKOUT_MESSAGES as M } from '@shopper/contract/plain';
import {
  ProviderFailure,
  RETURN_PATH,
  type ConfirmCard,
  type PreparePayment,
  type ProviderOutcome,
} from '../payment-outcome.ts';

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js per publishable key, loaded only when the server says the provider is Stripe. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

/** What the page pays with: a new card or wallet through the Payment Element, or a saved card. */
export interface StripePayment {
  prepare: PreparePayment;
  confirmNew: ConfirmCard;
  confirmSaved: (paymentMethodId: string) => ConfirmCard;
}

interface StripePaymentSectionProps {
  publishableKey: string;
  amountCents: number;
  saveCard: boolean;
  /** False while a saved card is picked: the element stays mounted but hidden. */
  isShown: boolean;
  cardholderName: string;
  onReady: (payment: StripePayment | null) => void;
}

/**
 * Stripe's Payment Element in its deferred mode: it shows cards and whatever wallets (Apple Pay,
 * Google Pay, Link) and redirect methods Stripe offers on this device for this amount, and the
 * shop opens the payment only once the shopper clicks Pay. The options match the intent the shop
 * creates: manual capture, and `setup_future_usage` when the card is to be kept.
 */
export function StripePaymentSection({ publishableKey, amountCents, saveCard, ...rest }: StripePaymentSectionProps) {
  const options = useMemo<StripeElementsOptions>(
    () => ({
      mode: 'payment',
      amount: Math.max(amountCents, 50),
      currency: 'usd',
      captureMethod: 'manual',
      // null when unticked: the element's update must clear what an earlier tick set.
      setupFutureUsage: saveCard ? 'off_session' : null,
      appearance: { theme: 'stripe', variables: { fontSizeBase: '16px' } },
    }),
    [amountCents, saveCard],
  );
  return (
    <Elements stripe={stripeFor(publishableKey)} options={options}>
      <PaymentFields {...rest} />
    </Elements>
  );
}

function outcomeOf(result: { error?: StripeError; paymentIntent?: { status: string; payment_method?: unknown } }) {
  if (result.error) {
    if (result.error.type === 'card_error' || result.error.type === 'validation_error') {
      return { status: 'card-error', message: result.error.message ?? M.paymentError } satisfies ProviderOutcome;
    }
    throw new ProviderFailure(result.error.message ?? M.paymentError);
  }
  const intent = result.paymentIntent;
  if (!intent || (intent.status !== 'requires_capture' && intent.status !== 'succeeded')) {
    // 'processing': a bank method still deciding; the webhook writes the order once it is paid.
    return { status: 'card-error', message: M.paymentNotCompleted } satisfies ProviderOutcome;
  }
  const method = intent.payment_method as string | { id: string } | null | undefined;
  const paymentMethodId = typeof method === 'string' ? method : method?.id;
  return { status: 'authorized', ...(paymentMethodId ? { paymentMethodId } : {}) } satisfies ProviderOutcome;
}

function PaymentFields({
  isShown,
  cardholderName,
  onReady,
}: Omit<StripePaymentSectionProps, 'publishableKey' | 'amountCents' | 'saveCard'>) {
  const stripe = useStripe();
  const elements = useElements();

  useEffect(() => {
    if (!stripe || !elements) {
      onReady(null);
      return;
    }
    const returnUrl = new URL(RETURN_PATH, window.location.origin).toString();
    onReady({
      async prepare() {
        const { error } = await elements.submit();
        return error ? { status: 'card-error', message: error.message ?? M.paymentError } : null;
      },
      // Stripe runs any 3-D Secure challenge itself; a redirect method leaves for its page and
      // comes back to the return page, and only then does this promise never settle.
      confirmNew: async ({ clientSecret }) =>
        outcomeOf(
          await stripe.confirmPayment({
            elements,
            clientSecret,
            confirmParams: {
              return_url: returnUrl,
              payment_method_data: { billing_details: { name: cardholderName } },
            },
            redirect: 'if_required',
          }),
        ),
      confirmSaved:
        (paymentMethodId) =>
        async ({ clientSecret }) =>
          outcomeOf(
            await stripe.confirmPayment({
              clientSecret,
              confirmParams: { payment_method: paymentMethodId, return_url: returnUrl },
              redirect: 'if_required',
            }),
          ),
    });
  }, [stripe, elements, cardholderName, onReady]);

  return (
    <div hidden={!isShown}>
      <PaymentElement options={{ layout: 'tabs', fields: { billingDetails: { name: 'never' } } }} />
    </div>
  );
}
