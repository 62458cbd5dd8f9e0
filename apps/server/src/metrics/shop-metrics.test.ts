import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIntents } from '../db/schema.ts';
import { insertProducts } from '../db/seed/seed-catalog.ts';
import { enqueueMail } from '../modules/mail/index.ts';
import type { Reconciler } from '../modules/checkout/index.ts';
import { createWebhookDelivery } from '../payments/test-provider/webhook-delivery.ts';
import { createIntentOk, payWithCard, putInCart, verifiedShopper } from '../test/checkout-factory.ts';
import { buildProduct } from '../test/product-factory.ts';
import { createTestApp, createTestClock, RELAXED_RATE_LIMITS, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let reconciler: Reconciler;
let productId: string;
const clock = createTestClock();

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      clock,
      // One newsletter sign-up per address: the second is refused, for the refusals counter.
      rateLimits: { limits: { ...RELAXED_RATE_LIMITS, newsletterSubscribePerIp: { max: 1, windowMs: 60_000 } } },
      // No webhooks: the payment stays for the sweep to settle.
      payments: {
        webhookDelivery: createWebhookDelivery({ mode: 'none' }),
        onReconciler: (r) => {
          reconciler = r;
        },
      },
    },
  );
  [productId] = (await insertProducts(t.database.db, [
    buildProduct({ name: 'Metered Tee', sizes: [{ size: 'M', stock: 20 }] }),
  ])) as [string];
});

afterAll(async () => {
  await t.close();
});

async function scrape(): Promise<string> {
  const response = await t.app.inject('/metrics');
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics, the shop beyond the process', () => {
  it('times each route by its pattern, method and status class, never by its URL', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (let i = 0; i < 3; i += 1) await t.app.inject('/api/health');
    expect((await t.app.inject(`/api/products/${id}?ref=newsletter`)).statusCode).toBe(404);
    await t.app.inject('/api/made-up/route');

    const text = await scrape();
    const health = { method: 'GET', route: '/api/health', status_class: '2xx' };
    expect(sample(text, 'http_request_duration_seconds_count', health)).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...health, le: '0.001' })).toBeDefined();
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/products/:id',
        status_class: '4xx',
      }),
    ).toBe(1);
    // No raw URL, id or query becomes a label; unknown paths add no series at all.
    expect(text).not.toContain(id);
    expect(text).not.toContain('made-up');
    expect(text).not.toContain('ref=newsletter');
    expect(text).not.toContain('status_code=');
    // No summary twin: quantiles per instance cannot be added up across instances.
    expect(text).not.toContain('http_request_summary_seconds');
  });

  it('counts catalog cache hits and misses', async () => {
    const before = await scrape();
    const hits = sample(before, 'shopper_catalog_cache_hits_total', { kind: 'json' }) ?? 0;
    const misses = sample(before, 'shopper_catalog_cache_misses_total', { kind: 'json' }) ?? 0;
    // A query no other test asks: its first answer cannot be in the cache yet.
    const url = `/api/products/all-products?limit=3&q=metered${Date.now()}`;
    for (let i = 0; i < 3; i += 1) expect((await t.app.inject(url)).statusCode).toBe(200);

    const after = await scrape();
    expect(sample(after, 'shopper_catalog_cache_misses_total', { kind: 'json' })).toBe(misses + 1);
    expect(sample(after, 'shopper_catalog_cache_hits_total', { kind: 'json' })).toBe(hits + 2);
  });

  it('reads the outbox depth and the age of its oldest mail when scraped', async () => {
    const before = await scrape();
    const pending = sample(before, 'shopper_mail_outbox_pending') ?? Number.NaN;
    expect(pending).toBeGreaterThanOrEqual(0);
    await enqueueMail(t.database.db, { to: 'metrics@example.com', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' });
    await enqueueMail(t.database.db, { to: 'metrics@example.com', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' });
    clock.advance(10 * 60_000);

    const after = await scrape();
    expect(sample(after, 'shopper_mail_outbox_pending')).toBe(pending + 2);
    // Written at the database's time, read at the test clock's, ten minutes on.
    expect(sample(after, 'shopper_mail_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(9 * 60);
  });

  it('shows a payment left unsettled ageing, and the sweep settling it', async () => {
    const shopper = await verifiedShopper(t.app, t.database);
    await putInCart(t.database, shopper.userId, productId, 'M', 1);
    const intent = await createIntentOk(t.app, shopper.accessToken);
    await payWithCard(t.app, intent);
    // Authorized with the provider and so recorded, but no webhook came: what the sweep is for.
    await t.database.db
      .update(paymentIntents)
      .set({ status: 'requires_capture' })
      .where(eq(paymentIntents.id, intent.paymentIntentId));
    const before = await scrape();
    const runs = sample(before, 'shopper_payment_sweep_duration_seconds_count') ?? 0;
    const lastRun = sample(before, 'shopper_payment_sweep_last_run_timestamp_seconds') ?? Number.NaN;
    clock.advance(11 * 60_000);

    const waiting = await scrape();
    expect(sample(waiting, 'shopper_payment_oldest_authorized_seconds')).toBeGreaterThanOrEqual(11 * 60);

    const report = await reconciler.sweep();
    expect(report.completed).toBe(1);
    const after = await scrape();
    expect(sample(after, 'shopper_payment_oldest_authorized_seconds')).toBe(0);
    expect(sample(after, 'shopper_payment_sweep_duration_seconds_count')).toBe(runs + 1);
    expect(sample(after, 'shopper_payment_sweep_last_run_timestamp_seconds')).toBeGreaterThanOrEqual(lastRun + 11 * 60);
    expect(sample(after, 'shopper_payment_sweep_payments_total', { outcome: 'completed' })).toBeGreaterThanOrEqual(1);
  });

  it('counts rate-limit refusals by route', async () => {
    const route = '/api/newsletter/subscribe';
    const before = sample(await scrape(), 'shopper_rate_limit_refusals_total', { route }) ?? 0;
    const subscribe = (email: string) => t.app.inject({ method: 'POST', url: route, payload: { email } });
    expect((await subscribe('first@example.com')).statusCode).toBe(200);
    expect((await subscribe('second@example.com')).statusCode).toBe(429);
    expect((await subscribe('third@example.com')).statusCode).toBe(429);

    expect(sample(await scrape(), 'shopper_rate_limit_refusals_total', { route })).toBe(before + 2);
  });
});
