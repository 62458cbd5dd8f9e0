import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/**
 * What must hold in a shop's database whatever requests it was sent, read straight from the
 * tables (never through the API, whose answers could hide a breach):
 * - no variant's stock is negative;
 * - each variant's stock ledger (stock_movements, decisions 019 and 043: per product, colour and
 *   size) sums to its stock, and a variant that is gone sums to 0;
 * - the grid is full: every colour of a product has a row for every size any of its colours has;
 * - no order is refunded more than it was paid: the money recorded back (`refunded_cents`) is the
 *   sum of its succeeded refunds, and that plus the refunds still in flight stays within its
 *   total; where the test-mode provider holds the payment, it never gave back more than it took;
 * - nothing goes back on the shelves beyond what was bought: per order and variant, the ledger's
 *   'cancellation' and 'return' rows add up to at most the quantity the order holds of it;
 * - no order line is asked back, over its returns not refused, more than was bought.
 *
 * Each rule is one query, so a check costs a few milliseconds and can follow every request.
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

/** At most this many breaches of each rule are named; more say nothing new. */
const SHOWN = 5;

async function negativeStock(db: Database): Promise<string[]> {
  const rows = rowsOf<{ product_id: string; colour_id: string; size: string; stock: number }>(
    await db.execute(sql`
      select product_id, colour_id, size, stock from product_sizes where stock < 0
      order by product_id, colour_id, size limit ${SHOWN}`),
  );
  return rows.map((r) => `negative stock: product ${r.product_id} colour ${r.colour_id} size ${r.size} has ${r.stock}`);
}

async function ledgerMismatches(db: Database): Promise<string[]> {
  const rows = rowsOf<{
    product_id: string;
    colour_id: string;
    size: string;
    stock: number | string;
    ledger: number | string;
  }>(
    await db.execute(sql`
      with ledger as (
        select product_id, colour_id, size, sum(delta)::bigint as total
        from stock_movements group by product_id, colour_id, size
      )
      select coalesce(s.product_id, l.product_id) as product_id, coalesce(s.colour_id, l.colour_id) as colour_id,
             coalesce(s.size, l.size) as size, coalesce(s.stock, 0) as stock, coalesce(l.total, 0) as ledger
      from product_sizes s
      full join ledger l on l.product_id = s.product_id and l.colour_id = s.colour_id and l.size = s.size
      where coalesce(s.stock, 0) <> coalesce(l.total, 0)
      order by 1, 2, 3
      limit ${SHOWN}`),
  );
  return rows.map(
    (r) =>
      `stock ledger: product ${r.product_id} colour ${r.colour_id} size ${r.size} has stock ${r.stock} ` +
      `but its movements sum to ${r.ledger}`,
  );
}

async function gridGaps(db: Database): Promise<string[]> {
  const rows = rowsOf<{ product_id: string; colour_id: string; size: string }>(
    await db.execute(sql`
      select c.product_id, c.id as colour_id, s.size
      from product_colours c
      join (select distinct product_id, size from product_sizes) s on s.product_id = c.product_id
      where not exists (
        select 1 from product_sizes v where v.product_id = c.product_id and v.colour_id = c.id and v.size = s.size
      )
      order by 1, 2, 3
      limit ${SHOWN}`),
  );
  return rows.map((r) => `grid: product ${r.product_id} colour ${r.colour_id} has no row for size ${r.size}`);
}

async function overRefunded(db: Database): Promise<string[]> {
  const rows = rowsOf<{
    order_number: string;
    total_cents: number;
    refunded_cents: number;
    succeeded: number | string;
    in_flight: number | string;
  }>(
    await db.execute(sql`
      select o.order_number, o.total_cents, o.refunded_cents,
             coalesce(sum(r.amount_cents) filter (where r.status = 'succeeded'), 0)::bigint as succeeded,
             coalesce(sum(r.amount_cents) filter (where r.status in ('succeeded', 'pending')), 0)::bigint as in_flight
      from orders o
      left join refunds r on r.order_id = o.id
      group by o.id
      having o.refunded_cents < 0
          or o.refunded_cents > o.total_cents
          or o.refunded_cents <> coalesce(sum(r.amount_cents) filter (where r.status = 'succeeded'), 0)
          or coalesce(sum(r.amount_cents) filter (where r.status in ('succeeded', 'pending')), 0) > o.total_cents
      order by o.order_number
      limit ${SHOWN}`),
  );
  return rows.map(
    (r) =>
      `refunds: order ${r.order_number} paid ${r.total_cents} cents, records ${r.refunded_cents} refunded, ` +
      `its succeeded refunds sum to ${r.succeeded} and with those pending to ${r.in_flight}`,
  );
}

async function overRefundedAtProvider(db: Database): Promise<string[]> {
  const rows = rowsOf<{ order_number: string; received: number; refunded: number; at_provider: number | string }>(
    await db.execute(sql`
      select o.order_number, i.amount_received_cents as received, o.refunded_cents as refunded,
             coalesce((select sum(p.amount_cents) from test_provider_refunds p where p.intent_id = i.id), 0)::bigint
               as at_provider
      from orders o
      join test_provider_intents i on i.id = o.payment_intent_id
      where o.refunded_cents > i.amount_received_cents
         or coalesce((select sum(p.amount_cents) from test_provider_refunds p where p.intent_id = i.id), 0)
              > i.amount_received_cents
      order by o.order_number
      limit ${SHOWN}`),
  );
  return rows.map(
    (r) =>
      `refunds: order ${r.order_number} was paid ${r.received} cents at the provider, ` +
      `which refunded ${r.at_provider} and the shop records ${r.refunded}`,
  );
}

async function overRestocked(db: Database): Promise<string[]> {
  const rows = rowsOf<{ order_number: string; size: string; bought: number | string; back: number | string }>(
    await db.execute(sql`
      with bought as (
        select order_id, product_id, colour_id, size, sum(quantity)::bigint as quantity
        from order_items group by order_id, product_id, colour_id, size
      ), back as (
        select order_id, product_id, colour_id, size, sum(delta)::bigint as quantity
        from stock_movements where reason in ('cancellation', 'return') and order_id is not null
        group by order_id, product_id, colour_id, size
      )
      select o.order_number, k.size, coalesce(b.quantity, 0) as bought, k.quantity as back
      from back k
      join orders o on o.id = k.order_id
      left join bought b on b.order_id = k.order_id and b.product_id is not distinct from k.product_id
        and b.colour_id is not distinct from k.colour_id and b.size = k.size
      where k.quantity > coalesce(b.quantity, 0)
      order by 1, 2
      limit ${SHOWN}`),
  );
  return rows.map((r) => `restock: order ${r.order_number} size ${r.size} bought ${r.bought} but ${r.back} went back`);
}

async function overReturned(db: Database): Promise<string[]> {
  const rows = rowsOf<{ order_number: string; name: string; bought: number; asked: number | string }>(
    await db.execute(sql`
      select o.order_number, i.name, i.quantity as bought, sum(ri.quantity)::bigint as asked
      from return_request_items ri
      join return_requests r on r.id = ri.return_id and r.status <> 'refused'
      join order_items i on i.id = ri.order_item_id
      join orders o on o.id = i.order_id
      group by o.order_number, i.id, i.name, i.quantity
      having sum(ri.quantity) > i.quantity
      order by 1, 2
      limit ${SHOWN}`),
  );
  return rows.map((r) => `returns: order ${r.order_number} line ${r.name} bought ${r.bought}, asked back ${r.asked}`);
}

/** Every breach of the shop's invariants, described; empty when all hold. */
export async function shopInvariantBreaches(db: Database): Promise<string[]> {
  const found = await Promise.all([
    negativeStock(db),
    ledgerMismatches(db),
    gridGaps(db),
    overRefunded(db),
    overRefundedAtProvider(db),
    overRestocked(db),
    overReturned(db),
  ]);
  return found.flat();
}

/** Throws naming every breach, `after` saying what was just done (a request, a test step). */
export async function assertShopInvariants(db: Database, after = ''): Promise<void> {
  const breaches = await shopInvariantBreaches(db);
  if (breaches.length > 0) {
    throw new Error(`shop invariants broken${after ? ` after ${after}` : ''}:\n- ${breaches.join('\n- ')}`);
  }
}
