import { CHECKOUT_MESSAGES as M } from '@shopper/contract/plain';
import { TEST_WALLET } from '@shopper/contract/plain';
import type { TestCard, TestIntentAnswer } from '@shopper/contract';
import { authenticateTestIntent, confirmTestIntent } from './api/test-provider.ts';
import type { ChallengeOutcome } from './hooks/use-authentication-challenge.ts';
import { RETURN_PATH, type ConfirmCard, type ProviderOutcome } from './payment-outcome.ts';

function outcomeOf(intent: TestIntentAnswer): ProviderOutcome {
  if (intent.status === 'requires_capture' || intent.status === 'succeeded') {
    return { status: 'authorized', ...(intent.paymentMethod ? { paymentMethodId: intent.paymentMethod.id } : {}) };
  }
  if (intent.status === 'canceled') return { status: 'card-error', message: M.paymentCanceled };
  return { status: 'card-error', message: intent.lastPaymentError?.message ?? M.paymentNotCompleted };
}

/** Confirms the card with the test-mode provider; a challenge waits for the customer's answer. */
export function testProviderConfirm(card: TestCard, challenge: () => Promise<ChallengeOutcome>): ConfirmCard {
  return async ({ paymentIntentId, clientSecret }) => {
    let intent = await confirmTestIntent(paymentIntentId, { clientSecret, card });
    if (intent.status === 'requires_action') {
      const outcome = await challenge();
      intent = await authenticateTestIntent(paymentIntentId, { clientSecret, outcome });
    }
    return outcomeOf(intent);
  };
}

/** Pays with a card the customer kept; the test-mode provider refuses anyone else's. */
export function testProviderSavedCard(paymentMethodId: string): ConfirmCard {
  return async ({ paymentIntentId, clientSecret }) =>
    outcomeOf(await confirmTestIntent(paymentIntentId, { clientSecret, paymentMethodId }));
}

/**
 * The test wallet, a redirect method: the shopper approves on the wallet's own page, which sends
 * them back to the checkout's return page, as Stripe's redirect methods do.
 */
export function testProviderWallet(goTo: (url: string) => void): ConfirmCard {
  return async ({ paymentIntentId, clientSecret }) => {
    const intent = await confirmTestIntent(paymentIntentId, {
      clientSecret,
      method: TEST_WALLET,
      returnUrl: RETURN_PATH,
    });
    if (intent.nextAction?.type !== 'redirect') return outcomeOf(intent);
    goTo(intent.nextAction.url);
    return { status: 'redirected' };
  };
}
