import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema.ts';

export type SalesWindow = { revenueCents: number; orders: number; averageOrderCents: number };
export type SalesFigures = {
  windows: { today: SalesWindow; last7Days: SalesWindow; last30Days: SalesWindow };
  daily: { date: string; revenueCents: number; orders: number }[];
  topProducts: { productId: string | null; name: string; quantity: number; revenueCents: number }[];
  waitingToShip: {
    count: number;
    oldest: { id: string; orderNumber: string; createdAt: Date; totalCents: number; customer: string }[];
  };
};

const TOP_PRODUCTS = 5;
const OLDEST_WAITING = 5;

/** Rows from `db.execute`: pg answers `{ rows }`, PGlite too. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/**
 * The owner's Home figures (docs/product.md#back-office), each one SQL statement over the orders: revenue, order
 * count and average order value for today, 7 and 30 days; a per-day series from generate_series
 * (days without orders included); the best sellers of 30 days; orders waiting to ship. Days are UTC
 * calendar days ending with `now`'s; a cancelled order counts nowhere. Revenue is net of refunds,
 * partial ones included, counted on the order's day (decision 030), so a return lowers the figure
 * of the day it was sold; best sellers stay gross, per line, as refunds are not per line.
 */
export function createSalesFigures({ db }: { db: Database }) {
  return {
    async compute(now: Date): Promise<SalesFigures> {
      const at = now.toISOString();
      const todayStart = sql`(date_trunc('day', ${at}::timestamptz at time zone 'UTC') at time zone 'UTC')`;
      const counted = sql`${orders.status} <> 'Cancelled' and ${orders.createdAt} <= ${at}::timestamptz`;
      const net = sql`(${orders.totalCents} - ${orders.refundedCents})`;

      const [windowRows, dailyRows, topRows, waitingRows] = [
        rowsOf<Record<string, string | number>>(
          await db.execute(sql`
            select
              coalesce(sum(${net}) filter (where ${orders.createdAt} >= ${todayStart}), 0)::bigint as today_revenue,
              count(*) filter (where ${orders.createdAt} >= ${todayStart})::int as today_orders,
              coalesce(sum(${net}) filter (where ${orders.createdAt} >= ${todayStart} - interval '6 days'), 0)::bigint as week_revenue,
              count(*) filter (where ${orders.createdAt} >= ${todayStart} - interval '6 days')::int as week_orders,
              coalesce(sum(${net}), 0)::bigint as month_revenue,
              count(*)::int as month_orders
            from ${orders}
            where ${counted} and ${orders.createdAt} >= ${todayStart} - interval '29 days'`),
        ),
        rowsOf<{ date: string; revenue: string | number; orders: number }>(
          await db.execute(sql`
            select to_char(day, 'YYYY-MM-DD') as date,
                   coalesce(sum(${net}), 0)::bigint as revenue,
                   count(${orders.id})::int as orders
            from generate_series(${todayStart} - interval '29 days', ${todayStart}, interval '1 day') as day
            left join ${orders} on ${counted}
              and ${orders.createdAt} >= day and ${orders.createdAt} < day + interval '1 day'
            group by day
            order by day`),
        ),
        rowsOf<{ product_id: string | null; name: string; quantity: number; revenue: string | number }>(
          await db.execute(sql`
            select ${orderItems.productId} as product_id,
                   (array_agg(${orderItems.name} order by ${orders.createdAt} desc))[1] as name,
                   sum(${orderItems.quantity})::int as quantity,
                   sum(${orderItems.quantity} * ${orderItems.unitPriceCents})::bigint as revenue
            from ${orderItems}
            join ${orders} on ${orders.id} = ${orderItems.orderId}
            where ${counted} and ${orders.createdAt} >= ${todayStart} - interval '29 days'
            group by ${orderItems.productId}, case when ${orderItems.productId} is null then ${orderItems.name} end
            order by quantity desc, revenue desc, name
            limit ${TOP_PRODUCTS}`),
        ),
        rowsOf<{
          id: string;
          order_number: string;
          created_at: string | Date;
          total_cents: number;
          customer: string;
          waiting: number;
        }>(
          await db.execute(sql`
            select ${orders.id} as id, ${orders.orderNumber} as order_number, ${orders.createdAt} as created_at,
                   ${orders.totalCents} as total_cents, ${orders.shippingName} as customer,
                   count(*) over ()::int as waiting
            from ${orders}
            where ${orders.status} = 'Processing'
            order by ${orders.createdAt} asc, ${orders.id} asc
            limit ${OLDEST_WAITING}`),
        ),
      ];

      const w = windowRows[0] ?? {};
      const window = (revenue: unknown, count: unknown): SalesWindow => {
        const revenueCents = Number(revenue ?? 0);
        const n = Number(count ?? 0);
        return { revenueCents, orders: n, averageOrderCents: n === 0 ? 0 : Math.round(revenueCents / n) };
      };
      const waitingCount = waitingRows[0]?.waiting ?? 0;
      return {
        windows: {
          today: window(w.today_revenue, w.today_orders),
          last7Days: window(w.week_revenue, w.week_orders),
          last30Days: window(w.month_revenue, w.month_orders),
        },
        daily: dailyRows.map((row) => ({
          date: row.date,
          revenueCents: Number(row.revenue),
          orders: Number(row.orders),
        })),
        topProducts: topRows.map((row) => ({
          productId: row.product_id,
          name: row.name,
          quantity: Number(row.quantity),
          revenueCents: Number(row.revenue),
        })),
        waitingToShip: {
          count: Number(waitingCount),
          oldest: waitingRows.map((row) => ({
            id: row.id,
            orderNumber: row.order_number,
            createdAt: new Date(row.created_at),
            totalCents: Number(row.total_cents),
            customer: row.customer,
          })),
        },
      };
    },
  };
}
