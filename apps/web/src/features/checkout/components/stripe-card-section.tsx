import { useEffect } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { CHECKOUT_MESSAGES as M } from '@shopper/contract/plain';
import { ProviderFailure, type ConfirmCard } from '../payment-outcome.ts';
import styles from '../checkout.module.css';

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

interface StripeCardSectionProps {
  publishableKey: string;
  cardholderName: string;
  /** Hands the page the function that confirms the card with Stripe (null until Stripe is ready). */
  onConfirmerChange: (confirm: ConfirmCard | null) => void;
}

/** Stripe Elements' card field: the card goes from the browser to Stripe, never to the shop. */
export function StripeCardSection({ publishableKey, ...rest }: StripeCardSectionProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCard {...rest} />
    </Elements>
  );
}

function StripeCard({ cardholderName, onConfirmerChange }: Omit<StripeCardSectionProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();

  useEffect(() => {
    if (!stripe || !elements) {
      onConfirmerChange(null);
      return;
    }
    onConfirmerChange(async ({ clientSecret }) => {
      const card = elements.getElement(CardElement);
      if (!card) throw new Error('The card field is not ready');
      // Stripe runs any 3-D Secure challenge itself.
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: cardholderName } },
      });
      if (result.error) {
        if (result.error.type === 'card_error' || result.error.type === 'validation_error') {
          return { status: 'card-error', message: result.error.message ?? M.paymentError };
        }
        throw new ProviderFailure(result.error.message ?? M.paymentError);
      }
      const { status, payment_method: method } = result.paymentIntent;
      if (status !== 'requires_capture' && status !== 'succeeded') {
        return { status: 'card-error', message: M.paymentNotCompleted };
      }
      const paymentMethodId = typeof method === 'string' ? method : method?.id;
      return { status: 'authorized', ...(paymentMethodId ? { paymentMethodId } : {}) };
    });
  }, [stripe, elements, cardholderName, onConfirmerChange]);

  return (
    <div className={styles.stripeCard}>
      <span className={styles.stripeLabel} id="stripe-card-label">
        Card
      </span>
      <div className={styles.stripeField} aria-labelledby="stripe-card-label">
        <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: '16px' } } }} />
      </div>
    </div>
  );
}
