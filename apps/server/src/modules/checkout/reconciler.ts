import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { isPaid, type PaymentProvider } from '../../payments/provider.ts';
import { inSpan } from '../../telemetry/spans.ts';
import type { OrdersService } from '../orders/index.ts';
import { type CheckoutService, type IntentRow, SWEEP_PHASES } from './checkout.service.ts';

export type Reconciler = ReturnType<typeof createReconciler>;
export type SweepReport = { completed: number; captured: number; released: number; closed: number; failed: number };

/** Intents read per query; a run pages on until every one has been looked at. */
const PAGE = 100;

/**
 * The safety net of the promise "no successful payment left without an order"
 * (docs/architecture.md#trust-boundaries): a customer who
 * closed the tab after paying and a webhook that never came still get their order; authorizations
 * nobody can fulfil are released; intents abandoned before paying are closed.
 *
 * Every run reaches every open intent past the settle delay, however many there are (decision 014):
 * intents we know to be authorized first, then failed ones to release, then all the rest,
 * each asked of the provider, since a lost webhook leaves a paid intent looking unpaid here. Closing
 * abandoned intents waits until all of that is done, so junk can delay no one's order.
 */
export function createReconciler({
  checkout,
  orders,
  provider,
  clock,
  log,
  settleAfterMs,
  abandonAfterMs,
  onSwept,
}: {
  checkout: CheckoutService;
  orders: OrdersService;
  provider: PaymentProvider;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** A paid intent this old without an order is completed here. */
  settleAfterMs: number;
  /** An intent never paid and untouched this long is cancelled with the provider. */
  abandonAfterMs: number;
  /** Told of each finished run and how long it took: the sweep's metrics. */
  onSwept?: (report: SweepReport, seconds: number) => void;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<SweepReport> | undefined;

  /** One intent; answers whether it is abandoned, to be closed at the end of the run. */
  async function reconcile(intent: IntentRow, now: number, report: SweepReport): Promise<boolean> {
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
      return false;
    }
    if (intent.status === 'failed') {
      if (remote.status === 'requires_capture') report.released += 1;
      if (remote.status === 'canceled') await checkout.markIntent(intent.id, { status: 'canceled' });
      else await checkout.releaseAuthorization(intent.id);
      return false;
    }
    if (isPaid(remote.status)) {
      try {
        // Every instance sweeps: one writes the order, the others find it written.
        if ((await checkout.settlePayment(intent.id)).isNew) report.completed += 1;
      } catch (error) {
        // Sold out or mismatched: completePayment recorded it and released the money.
        if (!(error instanceof AppError)) throw error;
        report.released += 1;
      }
      return false;
    }
    if (remote.status === 'canceled') {
      await checkout.recordProviderStatus(intent.id, remote);
      report.closed += 1;
      return false;
    }
    // Reusing an intent for a new checkout touches it, so abandonment counts from the last touch.
    return intent.updatedAt.getTime() < now - abandonAfterMs;
  }

  async function sweepOnce(): Promise<SweepReport> {
    const report: SweepReport = { completed: 0, captured: 0, released: 0, closed: 0, failed: 0 };
    const now = clock().getTime();
    const before = new Date(now - settleAfterMs);
    const abandoned: string[] = [];
    for (const phase of SWEEP_PHASES) {
      let afterId: string | undefined;
      for (;;) {
        const page = await checkout.sweepPage({ phase, before, afterId, limit: PAGE });
        for (const intent of page) {
          try {
            if (await reconcile(intent, now, report)) abandoned.push(intent.id);
          } catch (error) {
            report.failed += 1;
            log.error({ err: error, paymentIntentId: intent.id }, 'reconciliation of a payment failed');
          }
        }
        if (page.length < PAGE) break;
        afterId = page.at(-1)?.id;
      }
    }
    for (const id of abandoned) {
      await checkout.releaseAuthorization(id);
      report.closed += 1;
    }
    if (report.completed + report.captured + report.released > 0) log.info(report, 'payments reconciled');
    return report;
  }

  return {
    /** One pass; a pass already running is awaited instead of started twice. */
    sweep(): Promise<SweepReport> {
      // Each run is a trace of its own, whatever started it, with every provider call and query in it.
      running ??= inSpan('payments.sweep', { root: true }, async (span) => {
        const started = performance.now();
        const report = await sweepOnce();
        span.setAttributes(Object.fromEntries(Object.entries(report).map(([key, value]) => [`sweep.${key}`, value])));
        onSwept?.(report, (performance.now() - started) / 1000);
        return report;
      }).finally(() => {
        running = undefined;
      });
      return running;
    },
    /** An unref'd timer: it never keeps the process alive on its own. */
    start(everyMs: number): void {
      timer ??= setInterval(() => {
        // A pass that fails as a whole (the database away) is retried at the next tick: left
        // unhandled, its rejection would shut the instance down.
        this.sweep().catch((error: unknown) => log.error({ err: error }, 'payment sweep failed'));
      }, everyMs).unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      // Shutting down: a failed last pass was logged and must not stop the rest of the close.
      await running?.catch(() => undefined);
    },
  };
}
