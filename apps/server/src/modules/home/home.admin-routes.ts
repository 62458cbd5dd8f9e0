import { HomeFiguresSchema, toDollars } from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CatalogService } from '../catalog/index.ts';
import type { createSalesFigures } from '../orders/index.ts';
import { adminErrors } from '../../lib/admin-responses.ts';

/** The back office's first screen (docs/product.md#back-office): the orders' figures and the catalog's low stock. */
export function homeAdminRoutes({
  salesFigures,
  catalog,
  lowStockThreshold,
  clock,
}: {
  salesFigures: ReturnType<typeof createSalesFigures>;
  catalog: CatalogService;
  lowStockThreshold: () => Promise<number>;
  clock: () => Date;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/',
      {
        config: { minRole: 'staff' },
        schema: {
          tags: ['admin: home'],
          summary:
            'Revenue, orders and average order value (today, 7, 30 days), per-day series, top products, low stock, orders to ship',
          response: { 200: HomeFiguresSchema, ...adminErrors() },
        },
      },
      async () => {
        const threshold = await lowStockThreshold();
        const [figures, lowStock] = [await salesFigures.compute(clock()), await catalog.lowStockSizes(threshold)];
        const window = (w: { revenueCents: number; orders: number; averageOrderCents: number }) => ({
          revenue: toDollars(w.revenueCents),
          orders: w.orders,
          averageOrderValue: toDollars(w.averageOrderCents),
        });
        return {
          success: true as const,
          windows: {
            today: window(figures.windows.today),
            last7Days: window(figures.windows.last7Days),
            last30Days: window(figures.windows.last30Days),
          },
          daily: figures.daily.map((d) => ({ date: d.date, revenue: toDollars(d.revenueCents), orders: d.orders })),
          topProducts: figures.topProducts.map((p) => ({
            productId: p.productId,
            name: p.name,
            quantity: p.quantity,
            revenue: toDollars(p.revenueCents),
          })),
          lowStock,
          lowStockThreshold: threshold,
          waitingToShip: {
            count: figures.waitingToShip.count,
            oldest: figures.waitingToShip.oldest.map((o) => ({
              id: o.id,
              orderNumber: o.orderNumber,
              createdAt: o.createdAt.toISOString(),
              total: toDollars(o.totalCents),
              customer: o.customer,
            })),
          },
        };
      },
    );
  };
}
