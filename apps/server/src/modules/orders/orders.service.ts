import {
  CHECKOUT_MESSAGES,
  type Order,
  type OrderSort,
  type OrderStatus,
  type OrdersQuery,
  totalPagesFor,
} from '@shopper/contract';
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderEvents, orderItems, orders, refunds } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CatalogService } from '../catalog/index.ts';
import { canChangeOrderStatus, restocksOnChange } from './order-status.ts';
import { type OrderRow, restockLines, toOrderView } from './order-view.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;

const orderNumberValue = sql`cast(substring(${orders.orderNumber} from 4) as bigint)`;
const ORDER_BY: Record<OrderSort, SQL[]> = {
  newest: [desc(orders.createdAt)],
  oldest: [asc(orders.createdAt)],
  'price-high': [desc(orders.totalCents), desc(orders.createdAt)],
  'price-low': [asc(orders.totalCents), desc(orders.createdAt)],
  'alpha-asc': [sql`${orderNumberValue} asc`],
  'alpha-desc': [sql`${orderNumberValue} desc`],
};

export type NewOrder = {
  userId: string;
  paymentIntentId: string;
  itemsPriceCents: number;
  discountCents: number;
  couponCode: string | null;
  shippingCents: number;
  /** The part of taxCents charged on shipping. */
  shippingTaxCents: number;
  pricesIncludeTax: boolean;
  taxCents: number;
  totalCents: number;
  currency: string;
  shipping: {
    name: string;
    address: string;
    city: string;
    state: string;
    postalCode: string;
    country: string;
    phone: string;
    method: string;
    methodName: string;
  };
  paymentStatus: string;
  card: { brand: string; last4: string } | null;
  /** `colourName` is '' when the product had one colour; `colourId` null when it is unknown. */
  items: {
    productId: string;
    colourId: string | null;
    colourName: string;
    name: string;
    image: string;
    size: string;
    quantity: number;
    unitPriceCents: number;
    taxRateMilli: number;
    taxCents: number;
  }[];
};

export type OrdersService = ReturnType<typeof createOrdersService>;

/** Orders and their items. Every read for a customer is scoped to their user id (docs/architecture.md#trust-boundaries). */
export function createOrdersService({
  db,
  catalog,
  clock,
}: {
  db: Database;
  catalog: CatalogService;
  clock: () => Date;
}) {
  /** The orders' items, change dates and refunds, read in three queries whatever the page size. */
  async function withItems(executor: Database, rows: OrderRow[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [items, events, refundRows] = await Promise.all([
      executor
        .select()
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.name), asc(orderItems.colourName), asc(orderItems.size), asc(orderItems.id)),
      executor
        .select({ orderId: orderEvents.orderId, kind: orderEvents.kind, createdAt: orderEvents.createdAt })
        .from(orderEvents)
        .where(
          and(inArray(orderEvents.orderId, ids), inArray(orderEvents.kind, ['shipped', 'delivered', 'cancelled'])),
        ),
      executor
        .select({
          orderId: refunds.orderId,
          amountCents: refunds.amountCents,
          taxCents: refunds.taxCents,
          shippingCents: refunds.shippingCents,
          status: refunds.status,
          createdAt: refunds.createdAt,
        })
        .from(refunds)
        .where(and(inArray(refunds.orderId, ids), eq(refunds.status, 'succeeded'))),
    ]);
    return rows.map((row) =>
      toOrderView(
        row,
        items.filter((item) => item.orderId === row.id),
        {
          events: events.filter((event) => event.orderId === row.id),
          refunds: refundRows.filter((refund) => refund.orderId === row.id),
        },
      ),
    );
  }

  async function one(executor: Database, where: SQL | undefined): Promise<Order | undefined> {
    const [row] = await executor.select().from(orders).where(where).limit(1);
    return row ? (await withItems(executor, [row]))[0] : undefined;
  }

  const notFound = () => new AppError('NOT_FOUND', CHECKOUT_MESSAGES.orderNotFound);

  return {
    async findByPaymentIntent(paymentIntentId: string, executor: Database = db): Promise<Order | undefined> {
      return one(executor, eq(orders.paymentIntentId, paymentIntentId));
    },

    /**
     * Writes the order inside the checkout transaction. The unique index on the payment intent is
     * the last line of defence: a second insert for one payment writes nothing and the existing
     * order is answered.
     */
    async insert(tx: Database, order: NewOrder): Promise<{ order: Order; isNew: boolean }> {
      const now = clock();
      const [row] = await tx
        .insert(orders)
        .values({
          orderNumber: sql`'SH-' || nextval('order_number_seq')`,
          userId: order.userId,
          paymentIntentId: order.paymentIntentId,
          itemsPriceCents: order.itemsPriceCents,
          discountCents: order.discountCents,
          couponCode: order.couponCode,
          shippingCents: order.shippingCents,
          shippingTaxCents: order.shippingTaxCents,
          pricesIncludeTax: order.pricesIncludeTax,
          taxCents: order.taxCents,
          totalCents: order.totalCents,
          currency: order.currency,
          status: 'Processing',
          shippingName: order.shipping.name,
          shippingAddress: order.shipping.address,
          shippingCity: order.shipping.city,
          shippingState: order.shipping.state,
          shippingPostalCode: order.shipping.postalCode,
          shippingCountry: order.shipping.country,
          shippingPhone: order.shipping.phone,
          shippingMethod: order.shipping.method,
          shippingMethodName: order.shipping.methodName,
          paymentMethod: 'card',
          paymentStatus: order.paymentStatus,
          cardBrand: order.card?.brand ?? null,
          cardLast4: order.card?.last4 ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: orders.paymentIntentId })
        .returning();
      if (!row) {
        const existing = await one(tx, eq(orders.paymentIntentId, order.paymentIntentId));
        if (!existing) throw new Error(`order for ${order.paymentIntentId} conflicted but cannot be read`);
        return { order: existing, isNew: false };
      }
      const items = await tx
        .insert(orderItems)
        .values(
          order.items.map((item) => ({
            orderId: row.id,
            productId: item.productId,
            colourId: item.colourId,
            colourName: item.colourName,
            name: item.name,
            image: item.image,
            size: item.size,
            quantity: item.quantity,
            unitPriceCents: item.unitPriceCents,
            taxRateMilli: item.taxRateMilli,
            taxCents: item.taxCents,
          })),
        )
        .returning();
      return { order: toOrderView(row, items), isNew: true };
    },

    async setPaymentStatus(paymentIntentId: string, paymentStatus: string): Promise<void> {
      await db
        .update(orders)
        .set({ paymentStatus, updatedAt: clock() })
        .where(eq(orders.paymentIntentId, paymentIntentId));
    },

    /**
     * Whether the customer has an order with this product that was not cancelled: the reviews'
     * 'verified purchase' mark. A paid order starts as Processing, so no payment check is needed.
     */
    async hasPurchased(userId: string, productId: string, executor: Database = db): Promise<boolean> {
      if (!UUID.test(productId)) return false;
      const [row] = await executor
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
        .where(
          and(
            eq(orders.userId, userId),
            eq(orderItems.productId, productId),
            inArray(orders.status, ['Processing', 'Shipped', 'Delivered']),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async getForUser(userId: string, orderId: string): Promise<Order> {
      if (!UUID.test(orderId)) throw notFound();
      const order = await one(db, and(eq(orders.id, orderId), eq(orders.userId, userId)));
      if (!order) throw notFound();
      return order;
    },

    /** Any order by id: for a caller who proved access another way (a guest order's signed key). */
    async getById(orderId: string): Promise<Order> {
      if (!UUID.test(orderId)) throw notFound();
      const order = await one(db, eq(orders.id, orderId));
      if (!order) throw notFound();
      return order;
    },

    async getByPaymentForUser(userId: string, paymentIntentId: string): Promise<Order> {
      const order = await one(db, and(eq(orders.paymentIntentId, paymentIntentId), eq(orders.userId, userId)));
      if (!order) throw notFound();
      return order;
    },

    /** docs/product.md#order-history: status filter, date range (whole days, UTC), sort and pages. */
    async listForUser(userId: string, query: OrdersQuery) {
      const where: SQL[] = [eq(orders.userId, userId)];
      if (query.status !== 'all') {
        const status = (query.status[0]?.toUpperCase() + query.status.slice(1)) as OrderStatus;
        where.push(eq(orders.status, status));
      }
      if (query.from) where.push(gte(orders.createdAt, new Date(`${query.from}T00:00:00.000Z`)));
      if (query.to)
        where.push(lt(orders.createdAt, new Date(new Date(`${query.to}T00:00:00.000Z`).getTime() + DAY_MS)));
      const [counted] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(orders)
        .where(and(...where));
      const total = counted?.n ?? 0;
      const rows = await db
        .select()
        .from(orders)
        .where(and(...where))
        .orderBy(...ORDER_BY[query.sort], asc(orders.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return {
        orders: await withItems(db, rows),
        total,
        page: query.page,
        limit: query.limit,
        totalPages: totalPagesFor(total, query.limit),
      };
    },

    /** The back office moves an order along its statuses (docs/product.md#order-status); cancelling gives its stock back. */
    async changeStatus(orderId: string, to: OrderStatus): Promise<Order> {
      if (!UUID.test(orderId)) throw notFound();
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!row) throw notFound();
        const from = row.status;
        if (!canChangeOrderStatus(from, to)) {
          throw new AppError('CONFLICT', CHECKOUT_MESSAGES.orderStatusChangeNotAllowed(from, to));
        }
        const [updated] = await tx
          .update(orders)
          .set({ status: to, updatedAt: clock() })
          .where(eq(orders.id, orderId))
          .returning();
        const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
        if (restocksOnChange(from, to)) {
          await catalog.restock(tx, restockLines(items.map((item) => ({ item, quantity: item.quantity }))));
        }
        return toOrderView(updated ?? row, items);
      });
    },
  };
}
