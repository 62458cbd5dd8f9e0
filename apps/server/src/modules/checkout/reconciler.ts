import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { isPaid, type PaymentProvider } from '../../payments/provider.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { CheckoutService } from './checkout.service.ts';

export type Reconciler = ReturnType<typeof createReconciler>;
export type SweepReport = { completed: number; captured: number; released: number; closed: number; failed: number };

const BATCH = 100;

/**
 * The safety net of DESIGN.md's "no successful payment left without an order": a customer who
 * closed the tab after paying and a webhook that never came still get their order; authorizations
 * nobody can fulfil are released; intents abandoned before paying are closed.
 */
export function createReconciler({
  checkout,
  orders,
  provider,
  clock,
  log,
  settleAfterMs,
  abandonAfterMs,
}: {
  checkout: CheckoutService;
  orders: OrdersService;
  provider: PaymentProvider;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** A paid intent this old without an order is completed here. */
  settleAfterMs: number;
  /** An intent never paid this long is cancelled with the provider. */
  abandonAfterMs: number;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<SweepReport> | undefined;

  async function sweepOnce(): Promise<SweepReport> {
    const report: SweepReport = { completed: 0, captured: 0, released: 0, closed: 0, failed: 0 };
    const now = clock().getTime();
    const intents = await checkout.openIntentsBefore(new Date(now - settleAfterMs), BATCH);
    for (const intent of intents) {
      try {
        const remote = await provider.retrieveIntent(intent.id);
        const order = await orders.findByPaymentIntent(intent.id);
        if (order) {
          if (remote.status === 'requires_capture') {
            await checkout.capture(intent.id, order);
            report.captured += 1;
          } else if (remote.status === 'succeeded') {
            await checkout.markIntent(intent.id, { status: 'succeeded' });
            await orders.setPaymentStatus(intent.id, 'succeeded');
          }
          continue;
        }
        if (intent.status === 'failed') {
          if (remote.status === 'requires_capture') report.released += 1;
          if (remote.status === 'canceled') await checkout.markIntent(intent.id, { status: 'canceled' });
          else await checkout.releaseAuthorization(intent.id);
          continue;
        }
        if (isPaid(remote.status)) {
          try {
            await checkout.completePayment(intent.id);
            report.completed += 1;
          } catch (error) {
            // Sold out or mismatched: completePayment recorded it and released the money.
            if (!(error instanceof AppError)) throw error;
            report.released += 1;
          }
          continue;
        }
        if (remote.status === 'canceled') {
          await checkout.recordProviderStatus(intent.id, remote);
          report.closed += 1;
        } else if (intent.createdAt.getTime() < now - abandonAfterMs) {
          await checkout.releaseAuthorization(intent.id);
          report.closed += 1;
        }
      } catch (error) {
        report.failed += 1;
        log.error({ err: error, paymentIntentId: intent.id }, 'reconciliation of a payment failed');
      }
    }
    if (report.completed + report.captured + report.released > 0) log.info(report, 'payments reconciled');
    return report;
  }

  return {
    /** One pass; a pass already running is awaited instead of started twice. */
    sweep(): Promise<SweepReport> {
      running ??= sweepOnce().finally(() => {
        running = undefined;
      });
      return running;
    },
    /** An unref'd timer: it never keeps the process alive on its own. */
    start(everyMs: number): void {
      timer ??= setInterval(() => {
        void this.sweep();
      }, everyMs).unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
