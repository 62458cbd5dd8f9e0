import { effectivePrice, type OrderStatus } from '@shopper/contract';
import { couponDiscountCents, couponProblem, type CouponTerms } from '../../modules/cart/index.ts';
import { chargesFor, rateMilliOf } from '../../modules/tax/index.ts';
import { seededRandom } from './demo-reviews.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How far back the demo shop's order history reaches: about four months. */
export const DEMO_HISTORY_DAYS = 122;

/** One seed for every demo start, so the same day always gets the same history. */
const PLAN_SEED = 20_260_726;

export type DemoCustomer = {
  email: string;
  name: string;
  phone: string;
  address: { street: string; city: string; state: string; zip: string; country: string };
  /** Days before the seed the customer signed up; nobody orders before joining. */
  joinedDaysAgo: number;
  /** How often they order compared with the others. */
  weight: number;
  card: { brand: string; last4: string };
};

/**
 * The demo shop's regular customers. Their emails are on example.com, which never receives mail,
 * and some are long on purpose: the back office's lists must show them on a phone.
 */
export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  {
    email: 'maya.okafor@example.com',
    name: 'Maya Okafor',
    phone: '5035550142',
    address: { street: '2218 NE Alberta St', city: 'Portland', state: 'OR', zip: '97211', country: 'US' },
    joinedDaysAgo: 160,
    weight: 3,
    card: { brand: 'visa', last4: '4242' },
  },
  {
    email: 'jonathan.whitfield-barrington@example.com',
    name: 'Jonathan Whitfield-Barrington',
    phone: '442079460318',
    address: { street: '14 Cloudesley Road', city: 'London', state: 'Greater London', zip: 'N1 0EB', country: 'GB' },
    joinedDaysAgo: 140,
    weight: 2,
    card: { brand: 'mastercard', last4: '4444' },
  },
  {
    email: 'lucia.fernandez@example.com',
    name: 'Lucía Fernández',
    phone: '34915550187',
    address: { street: 'Calle de Fuencarral 82', city: 'Madrid', state: 'Madrid', zip: '28004', country: 'ES' },
    joinedDaysAgo: 125,
    weight: 1.5,
    card: { brand: 'visa', last4: '4242' },
  },
  {
    email: 'sam.chen@example.com',
    name: 'Sam Chen',
    phone: '4165550199',
    address: { street: '388 Queen St W', city: 'Toronto', state: 'ON', zip: 'M5V 2A8', country: 'CA' },
    joinedDaysAgo: 118,
    weight: 2,
    card: { brand: 'amex', last4: '0005' },
  },
  {
    email: 'priya.raghunathan.shopping@example.com',
    name: 'Priya Raghunathan',
    phone: '5125550173',
    address: { street: '1601 S Congress Ave', city: 'Austin', state: 'TX', zip: '78704', country: 'US' },
    joinedDaysAgo: 100,
    weight: 2.5,
    card: { brand: 'visa', last4: '4242' },
  },
  {
    email: 'noah.becker@example.com',
    name: 'Noah Becker',
    phone: '49305550116',
    address: { street: 'Kastanienallee 12', city: 'Berlin', state: 'Berlin', zip: '10435', country: 'DE' },
    joinedDaysAgo: 90,
    weight: 1,
    card: { brand: 'mastercard', last4: '4444' },
  },
  {
    email: 'olivia.martin@example.com',
    name: 'Olivia Martin',
    phone: '3125550128',
    address: { street: '1450 N Milwaukee Ave', city: 'Chicago', state: 'IL', zip: '60622', country: 'US' },
    joinedDaysAgo: 75,
    weight: 2,
    card: { brand: 'visa', last4: '4242' },
  },
  {
    email: 'emma.lindqvist@example.com',
    name: 'Emma Lindqvist',
    phone: '46855501234',
    address: { street: 'Götgatan 48', city: 'Stockholm', state: 'Stockholm', zip: '118 26', country: 'SE' },
    joinedDaysAgo: 60,
    weight: 1.5,
    card: { brand: 'mastercard', last4: '4444' },
  },
  {
    email: 'daniel.osullivan@example.com',
    name: "Daniel O'Sullivan",
    phone: '61395550147',
    address: { street: '221 Brunswick St', city: 'Fitzroy', state: 'VIC', zip: '3065', country: 'AU' },
    joinedDaysAgo: 45,
    weight: 1.5,
    card: { brand: 'visa', last4: '4242' },
  },
  {
    email: 'grace.kim@example.com',
    name: 'Grace Kim',
    phone: '2065550161',
    address: { street: '4520 University Way NE', city: 'Seattle', state: 'WA', zip: '98105', country: 'US' },
    joinedDaysAgo: 30,
    weight: 2.5,
    card: { brand: 'amex', last4: '0005' },
  },
  {
    email: 'alexandre.dubois-lefebvre@example.com',
    name: 'Alexandre Dubois-Lefebvre',
    phone: '33155550193',
    address: { street: '27 Rue de Bretagne', city: 'Paris', state: 'Île-de-France', zip: '75003', country: 'FR' },
    joinedDaysAgo: 20,
    weight: 1.5,
    card: { brand: 'visa', last4: '4242' },
  },
  {
    email: 'hannah.brooks@example.com',
    name: 'Hannah Brooks',
    phone: '6175550184',
    address: { street: '312 Newbury St', city: 'Boston', state: 'MA', zip: '02115', country: 'US' },
    joinedDaysAgo: 12,
    weight: 2,
    card: { brand: 'mastercard', last4: '4444' },
  },
];

/** A product the demo customers may buy, with the sizes whose ledger the seed may write and their stock now. */
export type OrderableProduct = {
  id: string;
  name: string;
  image: string;
  priceCents: number;
  salePriceCents: number | null;
  rating: number;
  publishedAt: Date;
  sizes: readonly { size: string; stock: number }[];
};

export type DemoCoupon = CouponTerms & { code: string };

export type PlannedLine = {
  productId: string;
  name: string;
  image: string;
  size: string;
  quantity: number;
  unitPriceCents: number;
};

export type PlannedOrder = {
  /** Index into the customers the plan was made for. */
  customer: number;
  placedAt: Date;
  lines: PlannedLine[];
  couponCode: string | null;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  shipped: { at: Date; carrier: string; trackingNumber: string } | null;
  deliveredAt: Date | null;
  /** Cancelled before it shipped: refunded in full, its stock put back. */
  cancelledAt: Date | null;
  /** Items sent back after delivery and refunded; put back in stock unless `restocked` is false. */
  returned: {
    at: Date;
    lines: { line: number; quantity: number }[];
    amountCents: number;
    reason: string;
    restocked: boolean;
  } | null;
};

export function statusOf(order: PlannedOrder): OrderStatus {
  if (order.cancelledAt) return 'Cancelled';
  if (order.deliveredAt) return 'Delivered';
  return order.shipped ? 'Shipped' : 'Processing';
}

/** One change of stock an order's life makes, as the stock ledger records it. */
export type StockEvent = {
  order: number;
  reason: 'sale' | 'cancellation' | 'return';
  at: Date;
  lines: { productId: string; size: string; quantity: number }[];
};

const REASON_RANK = { sale: 0, cancellation: 1, return: 2 } as const;

/** The stock changes of the planned orders, oldest first: sales, cancellations and restocked returns. */
export function stockEventsOf(plans: readonly PlannedOrder[]): StockEvent[] {
  const events: StockEvent[] = [];
  plans.forEach((plan, order) => {
    events.push({ order, reason: 'sale', at: plan.placedAt, lines: plan.lines });
    if (plan.cancelledAt) events.push({ order, reason: 'cancellation', at: plan.cancelledAt, lines: plan.lines });
    if (plan.returned?.restocked) {
      const lines = plan.returned.lines.map(({ line, quantity }) => ({ ...plan.lines[line]!, quantity }));
      events.push({ order, reason: 'return', at: plan.returned.at, lines });
    }
  });
  return events.sort(
    (a, b) => a.at.getTime() - b.at.getTime() || REASON_RANK[a.reason] - REASON_RANK[b.reason] || a.order - b.order,
  );
}

type Random = () => number;

function pickWeighted<T>(random: Random, items: readonly T[], weight: (item: T) => number): T | undefined {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  let left = random() * total;
  for (const item of items) {
    left -= weight(item);
    if (left < 0) return item;
  }
  return items.at(-1);
}

/** Knuth's method; the daily rates here stay small. */
function poisson(random: Random, mean: number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  let p = random();
  while (p > limit) {
    k += 1;
    p *= random();
  }
  return k;
}

const startOfUtcDay = (at: number) => at - (at % DAY_MS);
/** Sunday 0 … Saturday 6. */
const weekday = (at: number) => new Date(at).getUTCDay();

/** Shoppers of a fashion shop buy most at the weekend and least midweek. */
const WEEKDAY_FACTOR = [1.3, 1.05, 0.8, 0.8, 0.9, 1.05, 1.4];
/** UTC hours at which orders come in: a morning bump, lunch, and the evening peak. */
const HOUR_WEIGHTS = [
  1, 0.5, 0.3, 0.2, 0.2, 0.3, 0.6, 1.2, 1.6, 1.8, 2, 2.2, 2.6, 2.6, 2.2, 2, 2, 2.2, 2.6, 3.2, 3.6, 3.4, 2.6, 1.6,
];
/** How many different items a basket holds, and how often. */
const BASKET_LINES = [
  [1, 52],
  [2, 28],
  [3, 13],
  [4, 7],
] as const;
const NEWCOMER_BOOST = 8;
const CANCEL_SHARE = 0.04;
const RETURN_SHARE = 0.12;
const RETURN_REASONS = [
  'Too small; the customer sent it back',
  'Too big; the customer sent it back',
  'Colour not as pictured',
  'The customer changed their mind',
  'Arrived with a flaw in the fabric',
];

function timeOfDay(random: Random): number {
  const hour = pickWeighted(random, [...HOUR_WEIGHTS.keys()], (h) => HOUR_WEIGHTS[h] ?? 1) ?? 12;
  return hour * HOUR_MS + Math.floor(random() * HOUR_MS);
}

/** Middle sizes sell most: weights rise towards the centre of the size run. */
function pickSize(random: Random, sizes: readonly string[]): string | undefined {
  const centre = (sizes.length - 1) / 2;
  return pickWeighted(random, sizes, (size) => 1 + sizes.length / 2 - Math.abs(sizes.indexOf(size) - centre));
}

const isWeekend = (at: number) => weekday(at) === 0 || weekday(at) === 6;

/**
 * Parcels leave on a working day between 10:00 and 17:00, one or two working days after the
 * order, the same day for some early orders: a small shop's packing table.
 */
function shippingTime(random: Random, placedAt: number): number {
  const roll = random();
  const placedDay = startOfUtcDay(placedAt);
  let workingDaysLeft = placedAt - placedDay < 10 * HOUR_MS && roll < 0.3 ? 0 : roll < 0.55 ? 1 : 2;
  let day = placedDay;
  while (workingDaysLeft > 0 || isWeekend(day)) {
    day += DAY_MS;
    if (!isWeekend(day)) workingDaysLeft -= 1;
  }
  return day + 10 * HOUR_MS + Math.floor(random() * 7 * HOUR_MS);
}

function digits(random: Random, count: number): string {
  let text = '';
  for (let i = 0; i < count; i += 1) text += Math.floor(random() * 10);
  return text;
}

/** Carriers the shop ships with, each tracking number in its carrier's own shape. */
function parcel(random: Random, country: string): { carrier: string; trackingNumber: string } {
  if (country !== 'US') return { carrier: 'DHL', trackingNumber: digits(random, 10) };
  const roll = random();
  if (roll < 0.45) {
    const alphabet = 'ABCDEFGHJKLMNPRSTUVWXY0123456789';
    let rest = '';
    for (let i = 0; i < 8; i += 1) rest += alphabet[Math.floor(random() * alphabet.length)];
    return { carrier: 'UPS', trackingNumber: `1Z${rest}${digits(random, 8)}` };
  }
  if (roll < 0.8) return { carrier: 'USPS', trackingNumber: `9400${digits(random, 18)}` };
  return { carrier: 'FedEx', trackingNumber: digits(random, 12) };
}

type Draft = PlannedOrder & { cancelCandidate: Date | null };

/**
 * Which cancellations and returns put their items back, walking from the newest change to the
 * oldest. The catalog's stock is today's, so the history must end on it: items put back after a
 * size's last sales would leave more than that. Walking backwards, a size's credit is its stock
 * now plus what later sales took; a change that puts back more than the credit would, so a
 * cancellation is dropped (the order went ahead) and a return is refunded without restocking.
 */
function settleRestocks(drafts: Draft[], stockOf: (productId: string, size: string) => number): void {
  const credit = new Map<string, number>();
  const key = (line: { productId: string; size: string }) => `${line.productId}\n${line.size}`;
  const creditOf = (line: { productId: string; size: string }) =>
    credit.get(key(line)) ?? stockOf(line.productId, line.size);
  const candidates = stockEventsOf(
    drafts.map((draft) => ({
      ...draft,
      cancelledAt: draft.cancelCandidate,
      returned: draft.returned && { ...draft.returned, restocked: true },
    })),
  );
  for (const event of candidates.toReversed()) {
    const draft = drafts[event.order]!;
    if (event.reason === 'sale') {
      for (const line of event.lines) credit.set(key(line), creditOf(line) + line.quantity);
      continue;
    }
    const fits = event.lines.every((line) => creditOf(line) >= line.quantity);
    if (fits) for (const line of event.lines) credit.set(key(line), creditOf(line) - line.quantity);
    if (event.reason === 'cancellation' && fits) {
      draft.cancelledAt = draft.cancelCandidate;
      draft.shipped = null;
      draft.deliveredAt = null;
    }
    if (event.reason === 'return' && draft.returned) draft.returned.restocked = fits;
  }
}

/**
 * About four months of orders up to `now` for the demo shop, invented but shaped like a small
 * shop's: a few orders a day growing over the months, more at the weekend, mostly one or two
 * items; each customer orders only after joining and buys only what was published by then. Old
 * orders are delivered, recent ones shipped or still processing; a few were cancelled before
 * shipping and a few partly or wholly returned. Prices, coupons and tax follow checkout's rules,
 * and the stock each size has now is what the history leaves it with. Deterministic for a given
 * `now` and catalog.
 */
export function planDemoOrders({
  now,
  products,
  coupons,
  taxRate,
  customers = DEMO_CUSTOMERS,
}: {
  now: Date;
  products: readonly OrderableProduct[];
  coupons: readonly DemoCoupon[];
  taxRate: number;
  customers?: readonly Pick<DemoCustomer, 'joinedDaysAgo' | 'weight' | 'address'>[];
}): PlannedOrder[] {
  const random = seededRandom(PLAN_SEED);
  const end = now.getTime();
  const firstDay = startOfUtcDay(end) - DEMO_HISTORY_DAYS * DAY_MS;
  // A popularity per product, so some are best sellers and some barely sell.
  const popularity = new Map(
    products.map((p) => [p.id, (0.3 + random()) * p.rating ** 2 * (p.salePriceCents ? 1.3 : 1)]),
  );
  const usedCoupons = new Map(coupons.map((c) => [c.code, c.usedCount]));
  const hasOrdered = new Set<number>();
  const drafts: Draft[] = [];

  for (let day = firstDay; day <= end; day += DAY_MS) {
    const progress = (day - firstDay) / (end - firstDay);
    const rate = (0.6 + 1.8 * progress) * (WEEKDAY_FACTOR[weekday(day)] ?? 1);
    const times = Array.from({ length: poisson(random, rate) }, () => day + timeOfDay(random))
      .filter((at) => at < end)
      .sort((a, b) => a - b);
    for (const placed of times) {
      const joined = customers.flatMap((c, index) => (end - c.joinedDaysAgo * DAY_MS < placed ? [index] : []));
      // Most people sign up at their first checkout: a new customer's first order comes soon.
      const customer = pickWeighted(
        random,
        joined,
        (index) => (customers[index]?.weight ?? 1) * (hasOrdered.has(index) ? 1 : NEWCOMER_BOOST),
      );
      const available = products.filter((p) => p.publishedAt.getTime() < placed && p.sizes.length > 0);
      if (customer === undefined || available.length === 0) continue;
      const lineCount = pickWeighted(random, BASKET_LINES, ([, weight]) => weight)?.[0] ?? 1;
      const lines: PlannedLine[] = [];
      for (let i = 0; i < lineCount; i += 1) {
        const product = pickWeighted(random, available, (p) => popularity.get(p.id) ?? 1);
        const size =
          product &&
          pickSize(
            random,
            product.sizes.map((s) => s.size),
          );
        const roll = random();
        if (!product || !size || lines.some((l) => l.productId === product.id && l.size === size)) continue;
        lines.push({
          productId: product.id,
          name: product.name,
          image: product.image,
          size,
          quantity: roll < 0.86 ? 1 : roll < 0.98 ? 2 : 3,
          unitPriceCents: effectivePrice(product.priceCents, product.salePriceCents),
        });
      }
      const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);

      // A welcome code on some first orders, the fixed-amount code on some big baskets.
      const wanted =
        !hasOrdered.has(customer) && random() < 0.35
          ? 'percent'
          : subtotalCents >= 10_000 && random() < 0.2
            ? 'fixed'
            : null;
      hasOrdered.add(customer);
      const coupon = coupons.find(
        (c) =>
          c.kind === wanted &&
          couponProblem({ ...c, usedCount: usedCoupons.get(c.code) ?? 0 }, subtotalCents, new Date(placed)) === null,
      );
      if (coupon) usedCoupons.set(coupon.code, (usedCoupons.get(coupon.code) ?? 0) + 1);
      const { taxCents, shippingCents, totalCents, discountCents } = chargesFor({
        lines,
        discountCents: coupon ? couponDiscountCents(coupon, subtotalCents) : 0,
        shippingCents: 0,
        rule: { rateMilli: rateMilliOf(taxRate), shippingRateMilli: null },
        pricesIncludeTax: false,
      });
      const totals = { subtotalCents, discountCents, taxCents, shippingCents, totalCents };

      const country = customers[customer]?.address.country ?? 'US';
      const shipAt = shippingTime(random, placed);
      const deliverAt = shipAt + ((country === 'US' ? 1 : 3) + random() * 3) * DAY_MS;
      const cancelAt = placed + (1 + random() * 18) * HOUR_MS;
      const isCancelled = random() < CANCEL_SHARE && cancelAt < Math.min(shipAt, end);
      const returnAt = deliverAt + (2 + random() * 12) * DAY_MS;
      const isReturned = !isCancelled && random() < RETURN_SHARE && returnAt < end;
      const draft: Draft = {
        customer,
        placedAt: new Date(placed),
        lines,
        couponCode: coupon?.code ?? null,
        ...totals,
        shipped: shipAt < end ? { at: new Date(shipAt), ...parcel(random, country) } : null,
        deliveredAt: deliverAt < end ? new Date(Math.floor(deliverAt)) : null,
        cancelledAt: null,
        cancelCandidate: isCancelled ? new Date(Math.floor(cancelAt)) : null,
        returned: null,
      };
      if (isReturned) {
        const whole = lines.length === 1 || random() < 0.3;
        const back = whole ? lines.map((_, line) => line) : [Math.floor(random() * lines.length)];
        const goods = back.reduce((sum, line) => sum + lines[line]!.unitPriceCents * lines[line]!.quantity, 0);
        draft.returned = {
          at: new Date(Math.floor(returnAt)),
          lines: back.map((line) => ({ line, quantity: lines[line]!.quantity })),
          // A partial return gets back its items' share of what was paid, tax and discount included.
          amountCents: whole ? totals.totalCents : Math.round((totals.totalCents * goods) / subtotalCents),
          reason: RETURN_REASONS[Math.floor(random() * RETURN_REASONS.length)]!,
          restocked: true,
        };
      }
      drafts.push(draft);
    }
  }

  const stock = new Map(products.flatMap((p) => p.sizes.map((s) => [`${p.id}\n${s.size}`, s.stock] as const)));
  settleRestocks(drafts, (productId, size) => stock.get(`${productId}\n${size}`) ?? 0);
  return drafts.map(({ cancelCandidate: _, ...plan }) => plan);
}
