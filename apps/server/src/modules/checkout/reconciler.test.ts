import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../../payments/provider.ts';
import type { OrdersService } from '../orders/index.ts';
import type { CheckoutService } from './checkout.service.ts';
import { createReconciler } from './reconciler.ts';

describe('the payment sweep on its timer', () => {
  it('logs a pass that fails as a whole (the database away) and tries again at the next tick', async () => {
    let isDatabaseAway = true;
    const sweepPage = vi.fn(async () => {
      if (isDatabaseAway) throw new Error('database "shop" is not currently accepting connections');
      return [];
    });
    const log = { error: vi.fn(), info: vi.fn(), warn: vi.fn() };
    const reconciler = createReconciler({
      checkout: { sweepPage } as unknown as CheckoutService,
      orders: {} as OrdersService,
      provider: {} as PaymentProvider,
      clock: () => new Date(),
      log: log as unknown as FastifyBaseLogger,
      settleAfterMs: 0,
      abandonAfterMs: 60_000,
    });
    // Vitest fails the file on an unhandled rejection; in production it ended the process.
    reconciler.start(10);
    await vi.waitFor(() => expect(log.error.mock.calls.length).toBeGreaterThanOrEqual(2), { timeout: 2_000 });
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'payment sweep failed');

    isDatabaseAway = false;
    const failures = log.error.mock.calls.length;
    const asked = sweepPage.mock.calls.length;
    await vi.waitFor(() => expect(sweepPage.mock.calls.length).toBeGreaterThan(asked + 3), { timeout: 2_000 });
    await reconciler.stop();
    expect(log.error.mock.calls.length).toBeLessThanOrEqual(failures + 1);
  });
});
