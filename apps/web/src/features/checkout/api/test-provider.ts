import type { TestAuthenticateBody, TestConfirmBody, TestIntentAnswer, TestWalletAnswer } from '@shopper/contract';
import { apiClient } from '../../../lib/api-client.ts';

const base = (intentId: string) => `/test-provider/payment_intents/${encodeURIComponent(intentId)}`;

/**
 * The card goes to the provider, never to the shop (docs/architecture.md#trust-boundaries). The test-mode
 * provider stands where Stripe's API would, so these calls carry no shop session.
 */
export function confirmTestIntent(intentId: string, body: TestConfirmBody): Promise<TestIntentAnswer> {
  return apiClient.post(`${base(intentId)}/confirm`, body, (s) => s.TestIntentAnswerSchema, { isProviderCall: true });
}

/** Completes or fails the 3-D Secure style challenge of test card 4000 0025 0000 3155. */
export function authenticateTestIntent(intentId: string, body: TestAuthenticateBody): Promise<TestIntentAnswer> {
  return apiClient.post(`${base(intentId)}/authenticate`, body, (s) => s.TestIntentAnswerSchema, {
    isProviderCall: true,
  });
}

/** POST …/payment_intents/:id: the intent as the test wallet's approval page shows it. */
export function readTestIntent(intentId: string, clientSecret: string): Promise<TestIntentAnswer> {
  return apiClient.post(base(intentId), { clientSecret }, (s) => s.TestIntentAnswerSchema, { isProviderCall: true });
}

/** The test wallet's approve or decline: answers where the shopper goes next, the shop's return page. */
export function decideTestWallet(intentId: string, body: TestAuthenticateBody): Promise<TestWalletAnswer> {
  return apiClient.post(`${base(intentId)}/wallet`, body, (s) => s.TestWalletAnswerSchema, { isProviderCall: true });
}
