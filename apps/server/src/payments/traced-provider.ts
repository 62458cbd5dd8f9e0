import { SpanKind } from '@opentelemetry/api';
import { inSpan } from '../telemetry/spans.ts';
import type { PaymentProvider } from './provider.ts';

type Operation = {
  [K in keyof PaymentProvider]: PaymentProvider[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof PaymentProvider];

/** Every operation of the interface, checked by the compiler: a new one cannot go untraced. */
const OPERATIONS = Object.keys({
  createCustomer: true,
  createIntent: true,
  retrieveIntent: true,
  captureIntent: true,
  cancelIntent: true,
  verifyWebhook: true,
  refund: true,
  listRefunds: true,
  findPaymentMethod: true,
  attachPaymentMethod: true,
  detachPaymentMethod: true,
} satisfies Record<Operation, true>) as Operation[];

/**
 * Every call to the card provider as a span `payment.<operation>`. Stripe's HTTPS request shows
 * beneath it through the HTTP instrumentation; the test-mode provider answers in process, so
 * without this span a checkout's trace would not show the payment at all.
 */
export function tracedProvider(provider: PaymentProvider): PaymentProvider {
  const traced: Record<string, unknown> = { kind: provider.kind, publicInfo: provider.publicInfo };
  for (const operation of OPERATIONS) {
    const call = provider[operation].bind(provider) as (...args: unknown[]) => Promise<unknown>;
    const attributes = { 'payment.provider': provider.kind, 'payment.operation': operation };
    traced[operation] = (...args: unknown[]) =>
      inSpan(`payment.${operation}`, { kind: SpanKind.CLIENT, attributes }, () => call(...args));
  }
  return traced as unknown as PaymentProvider;
}
