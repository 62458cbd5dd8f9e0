import type { FastifyInstance } from 'fastify';
import type { Role } from './config.ts';
import type { Reconciler } from './modules/checkout/index.ts';
import type { Services } from './services.ts';

/** The loops a process may run besides answering requests. */
export type BackgroundLoop =
  | 'catalog-changes'
  | 'test-provider-webhooks'
  | 'import-runner'
  | 'mail-sender'
  | 'payment-sweep'
  | 'back-in-stock'
  | 'cache-purges';

export type BackgroundWorkOptions = {
  /** ROLE: a `web` process runs no loop of its own; a `worker` runs them all and answers no requests. */
  role: Role;
  /**
   * Also run the loops that act on their own clock rather than for a request: the mail sender and
   * the payment sweep. main.ts asks for them; tests leave them off and drive each by hand.
   */
  runsScheduledWork: boolean;
  /** Tests: hands out the payment sweep, to run a pass when they choose. */
  onReconciler?: (reconciler: Reconciler) => void;
  /** Tests: which loops this process runs (the scheduled ones start once the port is open). */
  onLoops?: (loops: readonly BackgroundLoop[]) => void;
};

/**
 * Which loops a process of this role runs:
 *
 * - catalog change notifications (decision 028) everywhere, since every process caches catalog
 *   answers or acts on catalog changes;
 * - the test-mode provider's webhook delivery wherever requests are answered, as it posts to the
 *   webhook endpoint in process;
 * - the import runner (decision 043), and with `runsScheduledWork` the mail sender, the payment
 *   sweep and the back-in-stock notifier (decision 069), and the cache purges where CACHE_PURGE names a target (decision 063), wherever
 *   background work runs. They share their work through the database (leases and
 *   row locks), so any number of such processes may run, and a `web` process leaves it to them.
 */
export function backgroundLoops(
  role: Role,
  runsScheduledWork: boolean,
  { purgesCache = false }: { purgesCache?: boolean } = {},
): BackgroundLoop[] {
  const servesRequests = role !== 'worker';
  const runsWork = role !== 'web';
  return [
    'catalog-changes' as const,
    ...(servesRequests ? (['test-provider-webhooks'] as const) : []),
    ...(runsWork ? (['import-runner'] as const) : []),
    ...(runsWork && runsScheduledWork ? (['mail-sender', 'payment-sweep', 'back-in-stock'] as const) : []),
    ...(runsWork && runsScheduledWork && purgesCache ? (['cache-purges'] as const) : []),
  ];
}

/**
 * Every loop the shop runs besides answering requests starts here and stops with the app.
 *
 * On close the sweep stops first (before in-flight requests finish, as it may call the provider
 * for a while), the others after the last request, before the database closes.
 */
export async function startBackgroundWork(
  app: FastifyInstance,
  services: Services,
  { role, runsScheduledWork, onReconciler, onLoops }: BackgroundWorkOptions,
): Promise<void> {
  const {
    config,
    catalogChanges,
    importRunner,
    mailSender,
    payments,
    reconciler,
    cachePurger,
    backInStockNotifier,
    returnRefundSweep,
  } = services;
  const loops = backgroundLoops(role, runsScheduledWork, { purgesCache: cachePurger !== undefined });
  onLoops?.(loops);

  await catalogChanges.start();
  app.addHook('onClose', () => catalogChanges.stop());

  if (loops.includes('import-runner')) {
    importRunner.start();
    app.addHook('onClose', () => importRunner.stop());
  }

  if (loops.includes('test-provider-webhooks')) {
    payments.delivery?.connect(async ({ body, signature }) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: body,
      });
      if (response.statusCode >= 400) throw new Error(`webhook answered ${response.statusCode}`);
    });
    app.addHook('onClose', async () => {
      await payments.delivery?.settled();
    });
  }

  onReconciler?.(reconciler);
  app.addHook('preClose', async () => {
    await reconciler.stop();
  });
  if (loops.includes('mail-sender')) {
    app.addHook('onListen', async () => {
      mailSender.start();
      reconciler.start(config.paymentSweepEverySeconds * 1000);
      // The payment sweep's sibling: returns a crash left 'refunding'.
      returnRefundSweep.start();
    });
    app.addHook('onClose', () => mailSender.stop());
    app.addHook('onClose', () => returnRefundSweep.stop());
  }
  if (loops.includes('back-in-stock')) {
    // A stock change is a catalog change (decision 028): the notifier looks at once, whichever
    // instance committed it, and its timer catches a notification missed.
    const unsubscribe = catalogChanges.onCatalogChange(() => backInStockNotifier.nudge());
    app.addHook('onListen', async () => backInStockNotifier.start());
    app.addHook('onClose', async () => {
      unsubscribe();
      await backInStockNotifier.stop();
    });
  }
  if (cachePurger && loops.includes('cache-purges')) {
    // Every committed catalog change, from any process or from SQL, wakes the purger (decision 028).
    const unsubscribe = catalogChanges.onCatalogChange(() => cachePurger.nudge());
    app.addHook('onListen', async () => cachePurger.start());
    app.addHook('onClose', async () => {
      unsubscribe();
      await cachePurger.stop();
    });
  }
}
