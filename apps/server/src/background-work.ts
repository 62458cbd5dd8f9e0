import type { FastifyInstance } from 'fastify';
import type { Reconciler } from './modules/checkout/index.ts';
import type { Services } from './services.ts';

export type BackgroundWorkOptions = {
  /**
   * Also run the loops that act on their own clock rather than for a request: the mail sender and
   * the payment sweep. main.ts asks for them; tests leave them off and drive each by hand.
   */
  runsScheduledWork: boolean;
  /** Tests: hands out the payment sweep, to run a pass when they choose. */
  onReconciler?: (reconciler: Reconciler) => void;
};

/**
 * Every loop the shop runs besides answering requests starts here and stops with the app:
 *
 * - catalog change notifications (decision 028) and the catalog import runner (decision 043), in
 *   every app, since requests wait on what they do;
 * - the test-mode provider's webhook delivery, which posts to our own endpoint in process;
 * - with `runsScheduledWork`, the mail sender and the payment sweep, once the port is open.
 *
 * On close the sweep stops first (before in-flight requests finish, as it may call the provider
 * for a while), the others after the last request, before the database closes.
 */
export async function startBackgroundWork(
  app: FastifyInstance,
  services: Services,
  { runsScheduledWork, onReconciler }: BackgroundWorkOptions,
): Promise<void> {
  const { config, catalogChanges, importRunner, mailSender, payments, reconciler } = services;

  await catalogChanges.start();
  app.addHook('onClose', () => catalogChanges.stop());
  importRunner.start();
  app.addHook('onClose', () => importRunner.stop());

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

  onReconciler?.(reconciler);
  app.addHook('preClose', async () => {
    await reconciler.stop();
  });
  if (runsScheduledWork) {
    app.addHook('onListen', async () => {
      mailSender.start();
      reconciler.start(config.paymentSweepEverySeconds * 1000);
    });
    app.addHook('onClose', () => mailSender.stop());
  }
}
