import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { PaymentProvider } from './provider.ts';
import { isTracingStarted } from '../telemetry/tracing-state.ts';
import { createStripeProvider, type StripeSettings } from './stripe.ts';
import { createTestProvider, type TestProvider } from './test-provider/test-provider.ts';
import { tracedProvider } from './traced-provider.ts';
import { createWebhookDelivery, type WebhookDelivery } from './test-provider/webhook-delivery.ts';

export type PaymentsOptions = {
  /** Tests: how the test-mode provider delivers webhooks ('late', 'out-of-order'… flushed by the test). */
  webhookDelivery?: WebhookDelivery;
  /** Tests: a local stand-in of Stripe's API for the SDK to talk to. */
  stripeConnection?: StripeSettings['connection'];
  /** Tests: the test-mode provider itself, to act as its dashboard would (a refund made there). */
  onTestProvider?: (testProvider: TestProvider) => void;
};

export type Payments = {
  provider: PaymentProvider;
  /** Set in test mode: the provider's own routes and its webhook delivery. */
  testProvider: TestProvider | undefined;
  delivery: WebhookDelivery | undefined;
};

/** Stripe when all three STRIPE_* settings are present, otherwise the built-in test-mode provider. */
export function createPayments({
  config,
  db,
  clock,
  options = {},
}: {
  config: Config;
  db: Database;
  clock: () => Date;
  options?: PaymentsOptions;
}): Payments {
  const traced = (provider: PaymentProvider) => (isTracingStarted() ? tracedProvider(provider) : provider);
  if (config.stripe) {
    return {
      provider: traced(createStripeProvider({ ...config.stripe, connection: options.stripeConnection })),
      testProvider: undefined,
      delivery: undefined,
    };
  }
  const delivery = options.webhookDelivery ?? createWebhookDelivery({ mode: config.testProviderWebhooks });
  const testProvider = createTestProvider({ db, clock, delivery });
  options.onTestProvider?.(testProvider);
  return { provider: traced(testProvider.provider), testProvider, delivery };
}
