import { randomBytes, randomUUID } from 'node:crypto';
import { PLACEHOLDER_IMAGE, toDollars } from '@shopper/contract';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.ts';
import { coloursOf, defaultColourOf } from '../../modules/catalog/index.ts';
import { newCustomerId, newPaymentMethodId } from '../../payments/test-provider/test-provider-intents.ts';
import type { Database } from '../client.ts';
import {
  coupons,
  orderEvents,
  orderItems,
  orders,
  paymentCustomers,
  paymentIntents,
  products,
  productSizes,
  refunds,
  stockMovements,
  testProviderIntents,
  testProviderRefunds,
  users,
} from '../schema.ts';
import {
  DEMO_CUSTOMERS,
  DEMO_HISTORY_DAYS,
  type OrderableProduct,
  planDemoOrders,
  type PlannedOrder,
  statusOf,
  stockEventsOf,
} from './demo-orders.ts';

/** Arbitrary constant naming the advisory lock that serialises order seeding across instances. */
const SEED_LOCK_KEY = 7_230_004;
/** Rows per insert statement: an order's 33 parameters a row stay far below PostgreSQL's 65 535. */
const BATCH = 500;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** The note of the delivery that brought, before the first sale, the stock the history sells. */
const FIRST_DELIVERY_NOTE = 'first delivery';

export type DemoOrderCounts = { customers: number; orders: number };

async function insertInBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/**
 * The sizes the history may sell: those of each product's default colour whose ledger is still only
 * the catalog's opening stock (or empty, for a size that never had any). Their opening row is dated
 * back to when the product came into the shop; a size someone already changed keeps its ledger
 * untouched. The history sells the default colour only (decision 043), so a product's other
 * colours keep their opening stock.
 */
async function orderableCatalog(tx: Database) {
  const [rows, ledgers] = await Promise.all([
    tx
      .select({
        id: products.id,
        name: products.name,
        priceCents: products.priceCents,
        salePriceCents: products.salePriceCents,
        rating: products.rating,
        publishedAt: products.publishedAt,
        colourId: productSizes.colourId,
        size: productSizes.size,
        stock: productSizes.stock,
      })
      .from(products)
      .innerJoin(productSizes, eq(productSizes.productId, products.id))
      .where(eq(products.status, 'published'))
      .orderBy(products.publishedAt, products.id, productSizes.position),
    tx
      .select({
        productId: stockMovements.productId,
        colourId: stockMovements.colourId,
        size: stockMovements.size,
        movements: count(),
        opening: sql<
          string | null
        >`min(${stockMovements.id}::text) filter (where ${stockMovements.reason} = 'import' and ${stockMovements.actorId} is null and ${stockMovements.orderId} is null)`,
        openingDelta: sql<number>`coalesce(sum(${stockMovements.delta}), 0)::int`.mapWith(Number),
      })
      .from(stockMovements)
      .groupBy(stockMovements.productId, stockMovements.colourId, stockMovements.size),
  ]);
  const colourRows = await coloursOf(tx, [...new Set(rows.map((row) => row.id))]);
  /** Each product's default colour; its name only when the product has several visible colours. */
  const colourOf = new Map<string, { id: string; name: string; image: string }>();
  for (const [productId, colours] of colourRows) {
    const colour = defaultColourOf(colours);
    if (!colour) continue;
    const image = colour.images[colour.mainImageIndex] ?? colour.images[0] ?? PLACEHOLDER_IMAGE;
    const named = colours.filter((c) => c.hiddenAt === null).length > 1;
    colourOf.set(productId, { id: colour.id, name: named ? colour.name : '', image });
  }
  const ledgerOf = new Map(
    ledgers.map((ledger) => [`${ledger.productId}\n${ledger.colourId}\n${ledger.size}`, ledger]),
  );
  const catalog = new Map<string, OrderableProduct & { sizes: { size: string; stock: number }[] }>();
  const openingRows: { id: string; productId: string }[] = [];
  for (const row of rows) {
    const colour = colourOf.get(row.id);
    if (!colour || row.colourId !== colour.id) continue;
    const ledger = ledgerOf.get(`${row.id}\n${row.colourId}\n${row.size}`);
    const isUntouched = ledger
      ? ledger.movements === 1 && ledger.opening !== null && ledger.openingDelta === row.stock
      : row.stock === 0;
    if (!isUntouched) continue;
    if (ledger?.opening) openingRows.push({ id: ledger.opening, productId: row.id });
    const product = catalog.get(row.id) ?? {
      id: row.id,
      name: row.name,
      image: colour.image,
      priceCents: row.priceCents,
      salePriceCents: row.salePriceCents,
      rating: row.rating,
      publishedAt: row.publishedAt,
      sizes: [],
    };
    product.sizes.push({ size: row.size, stock: row.stock });
    catalog.set(row.id, product);
  }
  return { products: [...catalog.values()], openingRows, colourOf };
}

/** The demo customers' accounts, made once; an account someone already has with such an email is reused. */
async function demoCustomerIds(tx: Database, now: Date): Promise<{ ids: string[]; added: number }> {
  // Nobody knows this password: the demo's customers sign in only through "Forgot password".
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const added = await tx
    .insert(users)
    .values(
      DEMO_CUSTOMERS.map((customer) => {
        const joined = new Date(now.getTime() - customer.joinedDaysAgo * DAY_MS);
        return {
          email: customer.email,
          name: customer.name,
          passwordHash,
          phone: customer.phone,
          addressStreet: customer.address.street,
          addressCity: customer.address.city,
          addressState: customer.address.state,
          addressZip: customer.address.zip,
          addressCountry: customer.address.country,
          isEmailVerified: true,
          termsAcceptedAt: joined,
          createdAt: joined,
          updatedAt: joined,
        };
      }),
    )
    .onConflictDoNothing({ target: users.email, where: sql`not ${users.guest}` })
    .returning({ id: users.id });
  const emails = DEMO_CUSTOMERS.map((customer) => customer.email);
  const rows = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const idOf = new Map(rows.map((row) => [row.email, row.id]));
  return { ids: emails.map((email) => idOf.get(email) as string), added: added.length };
}

/** Each customer's record at the test-mode provider, as their first checkout would have made it. */
async function providerCustomerIds(tx: Database, userIds: readonly string[], at: Date): Promise<Map<string, string>> {
  await tx
    .insert(paymentCustomers)
    .values(
      userIds.map((userId) => ({ userId, provider: 'test' as const, customerId: newCustomerId(), createdAt: at })),
    )
    .onConflictDoNothing();
  const rows = await tx
    .select({ userId: paymentCustomers.userId, customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(inArray(paymentCustomers.userId, [...userIds]));
  return new Map(rows.map((row) => [row.userId, row.customerId]));
}

type Written = PlannedOrder & {
  id: string;
  orderNumber: string;
  userId: string;
  intentId: string;
  refunds: { id: string; providerId: string; idempotencyKey: string; amountCents: number; reason: string; at: Date }[];
};

function refundsOf(plan: PlannedOrder, orderId: string): Written['refunds'] {
  const providerId = () => `re_test_${randomBytes(12).toString('hex')}`;
  if (plan.cancelledAt) {
    const at = new Date(plan.cancelledAt.getTime() + MINUTE_MS);
    const key = `cancel-${orderId}`;
    return [
      {
        id: randomUUID(),
        providerId: providerId(),
        idempotencyKey: key,
        amountCents: plan.totalCents,
        reason: 'Order cancelled',
        at,
      },
    ];
  }
  if (!plan.returned) return [];
  const { amountCents, reason, at } = plan.returned;
  return [
    { id: randomUUID(), providerId: providerId(), idempotencyKey: `return-${randomUUID()}`, amountCents, reason, at },
  ];
}

/** The history's lines in the colour the plan sold: each product's default colour. */
type ColourOf = Map<string, { id: string; name: string }>;

function withColour(colourOf: ColourOf, line: Written['lines'][number]) {
  const colour = colourOf.get(line.productId);
  return { ...line, colourId: colour?.id ?? null, colourName: colour?.name ?? '' };
}

async function writeOrders(tx: Database, written: readonly Written[], colourOf: ColourOf): Promise<void> {
  const customerIds = await providerCustomerIds(
    tx,
    [...new Set(written.map((order) => order.userId))],
    written[0]?.placedAt ?? new Date(),
  );
  const customerOf = (order: Written) => DEMO_CUSTOMERS[order.customer]!;
  const paidAt = (order: Written) => new Date(order.placedAt.getTime() - 2 * MINUTE_MS);

  await insertInBatches(written, (batch) =>
    tx.insert(paymentIntents).values(
      batch.map((order) => {
        const { name, phone, address } = customerOf(order);
        return {
          id: order.intentId,
          provider: 'test' as const,
          userId: order.userId,
          amountCents: order.totalCents,
          subtotalCents: order.subtotalCents,
          discountCents: order.discountCents,
          taxCents: order.taxCents,
          shippingCents: order.shippingCents,
          couponCode: order.couponCode,
          cartSnapshot: order.lines.map((line) => withColour(colourOf, line)),
          shippingInfo: { name, phoneNumber: phone, shippingMethod: 'standard', shippingAddress: address },
          status: 'succeeded',
          createdAt: paidAt(order),
          updatedAt: order.placedAt,
        };
      }),
    ),
  );
  await insertInBatches(written, (batch) =>
    tx.insert(testProviderIntents).values(
      batch.map((order) => ({
        id: order.intentId,
        clientSecret: `${order.intentId}_secret_${randomBytes(16).toString('hex')}`,
        amountCents: order.totalCents,
        currency: 'usd',
        status: 'succeeded',
        captureMethod: 'manual',
        customerId: customerIds.get(order.userId) ?? null,
        amountReceivedCents: order.totalCents,
        paymentMethodId: newPaymentMethodId(),
        cardBrand: customerOf(order).card.brand,
        cardLast4: customerOf(order).card.last4,
        metadata: { userId: order.userId },
        createdAt: paidAt(order),
        updatedAt: order.placedAt,
      })),
    ),
  );
  await insertInBatches(written, (batch) =>
    tx.insert(orders).values(
      batch.map((order) => {
        const { name, phone, address, card } = customerOf(order);
        const refundedCents = order.refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
        const changedAt = [order.shipped?.at, order.deliveredAt, order.cancelledAt, ...order.refunds.map((r) => r.at)]
          .filter((at): at is Date => at != null)
          .reduce((latest, at) => (at > latest ? at : latest), order.placedAt);
        return {
          id: order.id,
          orderNumber: order.orderNumber,
          userId: order.userId,
          paymentIntentId: order.intentId,
          itemsPriceCents: order.subtotalCents,
          discountCents: order.discountCents,
          couponCode: order.couponCode,
          shippingCents: order.shippingCents,
          taxCents: order.taxCents,
          totalCents: order.totalCents,
          status: statusOf(order),
          shippingName: name,
          shippingAddress: address.street,
          shippingCity: address.city,
          shippingState: address.state,
          shippingPostalCode: address.zip,
          shippingCountry: address.country,
          shippingPhone: phone,
          paymentStatus:
            refundedCents === 0 ? 'succeeded' : refundedCents >= order.totalCents ? 'refunded' : 'partially_refunded',
          cardBrand: card.brand,
          cardLast4: card.last4,
          carrier: order.shipped?.carrier ?? null,
          trackingNumber: order.shipped?.trackingNumber ?? null,
          refundedCents,
          createdAt: order.placedAt,
          updatedAt: changedAt,
        };
      }),
    ),
  );
  await insertInBatches(
    written.flatMap((order) => order.lines.map((line) => ({ ...withColour(colourOf, line), orderId: order.id }))),
    (batch) => tx.insert(orderItems).values(batch),
  );
  await insertInBatches(
    written.flatMap((order) => [
      ...(order.shipped
        ? [
            {
              orderId: order.id,
              kind: 'shipped' as const,
              data: { carrier: order.shipped.carrier, trackingNumber: order.shipped.trackingNumber },
              createdAt: order.shipped.at,
            },
          ]
        : []),
      ...(order.deliveredAt
        ? [{ orderId: order.id, kind: 'delivered' as const, data: {}, createdAt: order.deliveredAt }]
        : []),
      ...(order.cancelledAt
        ? [{ orderId: order.id, kind: 'cancelled' as const, data: {}, createdAt: order.cancelledAt }]
        : []),
      ...order.refunds.map((refund) => ({
        orderId: order.id,
        kind: 'refunded' as const,
        data: { amount: toDollars(refund.amountCents), reason: refund.reason, providerRefundId: refund.providerId },
        createdAt: refund.at,
      })),
    ]),
    (batch) => tx.insert(orderEvents).values(batch),
  );
  const allRefunds = written.flatMap((order) => order.refunds.map((refund) => ({ order, refund })));
  await insertInBatches(allRefunds, (batch) =>
    tx.insert(refunds).values(
      batch.map(({ order, refund }) => ({
        id: refund.id,
        orderId: order.id,
        amountCents: refund.amountCents,
        reason: refund.reason,
        status: 'succeeded' as const,
        idempotencyKey: refund.idempotencyKey,
        providerRefundId: refund.providerId,
        createdAt: refund.at,
        updatedAt: refund.at,
      })),
    ),
  );
  await insertInBatches(allRefunds, (batch) =>
    tx.insert(testProviderRefunds).values(
      batch.map(({ order, refund }) => ({
        id: refund.providerId,
        intentId: order.intentId,
        amountCents: refund.amountCents,
        idempotencyKey: refund.idempotencyKey,
        shopRefundId: refund.id,
        createdAt: refund.at,
      })),
    ),
  );
  const uses = new Map<string, number>();
  for (const order of written) if (order.couponCode) uses.set(order.couponCode, (uses.get(order.couponCode) ?? 0) + 1);
  for (const [code, used] of uses) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} + ${used}` })
      .where(eq(coupons.code, code));
  }
}

/**
 * The history's stock changes as ledger rows: the delivery, before the first sale, of what the
 * history sells, then every sale, cancellation and restocked return with the order it belongs
 * to, each dated when it happened and with the stock it left. The plan ends every size on its
 * stock now (demo-orders.ts), so the rows of each size add up to nothing and the size's stock
 * stays as it is: the ledger trigger, which records changes of a size's stock, has nothing to
 * record, and the rows are written here in one statement, as it would have written them. The
 * catalog's opening rows are dated back to when each product came into the shop.
 */
async function writeStockHistory(
  tx: Database,
  written: readonly Written[],
  catalog: Awaited<ReturnType<typeof orderableCatalog>>,
  openedAt: (productId: string) => Date,
): Promise<void> {
  const events = stockEventsOf(written);
  const colourIdOf = (productId: string) => {
    const colour = catalog.colourOf.get(productId);
    if (!colour) throw new Error(`the demo history sells ${productId}, which has no colour`);
    return colour.id;
  };
  const key = (productId: string, size: string) => `${productId}\n${size}`;
  const stockNow = new Map(catalog.products.flatMap((p) => p.sizes.map((s) => [key(p.id, s.size), s.stock] as const)));
  const sold = new Map<string, number>();
  for (const event of events) {
    for (const line of event.lines) {
      const delta = event.reason === 'sale' ? line.quantity : -line.quantity;
      sold.set(key(line.productId, line.size), (sold.get(key(line.productId, line.size)) ?? 0) + delta);
    }
  }
  const stock = new Map<string, number>();
  const rows: (typeof stockMovements.$inferInsert)[] = [];
  for (const [sizeKey, quantity] of sold) {
    const [productId = '', size = ''] = sizeKey.split('\n');
    const after = (stockNow.get(sizeKey) ?? 0) + quantity;
    stock.set(sizeKey, after);
    if (quantity === 0) continue;
    const at = new Date(openedAt(productId).getTime() + MINUTE_MS);
    rows.push({
      productId,
      colourId: colourIdOf(productId),
      size,
      delta: quantity,
      stockAfter: after,
      reason: 'import',
      note: FIRST_DELIVERY_NOTE,
      createdAt: at,
    });
  }
  for (const event of events) {
    const order = written[event.order]!;
    for (const line of event.lines) {
      const delta = event.reason === 'sale' ? -line.quantity : line.quantity;
      const stockAfter = (stock.get(key(line.productId, line.size)) ?? 0) + delta;
      if (stockAfter < 0) throw new Error(`the demo history sells more of ${line.productId} ${line.size} than it has`);
      stock.set(key(line.productId, line.size), stockAfter);
      rows.push({
        productId: line.productId,
        colourId: colourIdOf(line.productId),
        size: line.size,
        delta,
        stockAfter,
        reason: event.reason,
        note: event.reason === 'sale' ? '' : `${event.reason} of ${order.orderNumber}`,
        orderId: order.id,
        createdAt: event.at,
      });
    }
  }
  for (const [sizeKey, after] of stock) {
    if (after !== stockNow.get(sizeKey)) throw new Error(`the demo history leaves ${sizeKey} off its stock`);
  }
  await insertInBatches(rows, (batch) => tx.insert(stockMovements).values(batch));
  if (catalog.openingRows.length > 0) {
    const opening = catalog.openingRows.map(
      (row) => sql`(${row.id}::uuid, ${openedAt(row.productId).toISOString()}::timestamptz)`,
    );
    await tx.execute(sql`
      update ${stockMovements} m set created_at = v.at
      from (values ${sql.join(opening, sql`, `)}) as v(id, at)
      where m.id = v.id`);
  }
}

/**
 * The demo shop's order history: about four months of orders by a dozen demo customers, paid
 * with the test-mode provider, shipped, delivered, cancelled and returned as the back office
 * would have done it, with their refunds at the provider and their stock in the ledger. Written
 * only into a shop without any order, so running it again (or on several instances) changes
 * nothing. The demo only (main.ts, DEMO=true on the test-mode provider): never
 * `npm run admin -- seed-demo`, which a real shop may run.
 */
export async function seedDemoOrdersIfEmpty(
  db: Database,
  { now, taxRate }: { now: Date; taxRate: number },
): Promise<DemoOrderCounts> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ n: count() }).from(orders);
    if ((existing?.n ?? 0) > 0) return { customers: 0, orders: 0 };
    const catalog = await orderableCatalog(tx);
    if (catalog.products.length === 0) return { customers: 0, orders: 0 };
    const couponRows = await tx.select().from(coupons);
    const plans = planDemoOrders({ now, products: catalog.products, coupons: couponRows, taxRate });
    if (plans.length === 0) return { customers: 0, orders: 0 };

    const customers = await demoCustomerIds(tx, now);
    // Numbers from the checkout's own sequence, handed out oldest order first.
    const numbers = await tx
      .select({ n: sql<string>`nextval('order_number_seq')::text` })
      .from(sql`generate_series(1, ${plans.length})`);
    const orderNumbers = numbers.map((row) => Number(row.n)).sort((a, b) => a - b);
    const written: Written[] = plans.map((plan, index) => {
      const id = randomUUID();
      return {
        ...plan,
        id,
        orderNumber: `SH-${orderNumbers[index]}`,
        userId: customers.ids[plan.customer]!,
        intentId: `pi_test_${randomBytes(12).toString('hex')}`,
        refunds: refundsOf(plan, id),
      };
    });
    await writeOrders(tx, written, catalog.colourOf);

    const historyStart = now.getTime() - (DEMO_HISTORY_DAYS + 2) * DAY_MS;
    const publishedAt = new Map(catalog.products.map((p) => [p.id, p.publishedAt.getTime()]));
    // Stock arrives the day before a product goes on sale, or before the history's first day.
    const openedAt = (productId: string) =>
      new Date(Math.max(historyStart, (publishedAt.get(productId) ?? historyStart) - DAY_MS));
    await writeStockHistory(tx, written, catalog, openedAt);
    return { customers: customers.added, orders: written.length };
  });
}
