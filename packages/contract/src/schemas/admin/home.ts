import { z } from 'zod';

/** GET /api/admin/home: the owner's first screen. Money in dollars; days are UTC calendar days. */
export const SalesWindowSchema = z.object({
  revenue: z.number(),
  orders: z.number().int(),
  /** Average order value; 0 without orders. */
  averageOrderValue: z.number(),
});

export const HomeFiguresSchema = z.object({
  success: z.literal(true),
  windows: z.object({ today: SalesWindowSchema, last7Days: SalesWindowSchema, last30Days: SalesWindowSchema }),
  /** One entry per day of the last 30, oldest first, days without orders included. */
  daily: z.array(z.object({ date: z.string(), revenue: z.number(), orders: z.number().int() })),
  topProducts: z.array(
    z.object({ productId: z.string().nullable(), name: z.string(), quantity: z.number().int(), revenue: z.number() }),
  ),
  lowStock: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      slug: z.string(),
      colourId: z.string(),
      /** '' when the product has one colour. */
      colourName: z.string(),
      size: z.string(),
      stock: z.number().int(),
    }),
  ),
  lowStockThreshold: z.number().int(),
  waitingToShip: z.object({
    count: z.number().int(),
    oldest: z.array(
      z.object({
        id: z.string(),
        orderNumber: z.string(),
        createdAt: z.string(),
        total: z.number(),
        customer: z.string(),
      }),
    ),
  }),
});
export type HomeFigures = z.infer<typeof HomeFiguresSchema>;
