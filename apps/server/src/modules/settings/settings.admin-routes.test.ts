import { ADMIN_MESSAGES, DEFAULT_LOW_STOCK_THRESHOLD, DEFAULT_RETURN_WINDOW_DAYS } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { backOfficeCast, type BackOfficeCast, guardAnswers } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let cast: BackOfficeCast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await backOfficeCast(t.app, t.database);
});
afterAll(async () => await t.close());

describe('/api/admin/settings', () => {
  it('staff read the low-stock threshold; only the owner changes it, audited', async () => {
    const read = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: cast.staff.headers });
    expect(read.json().settings).toEqual({
      lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
      importImageHosts: [],
      returnWindowDays: DEFAULT_RETURN_WINDOW_DAYS,
      erasedReviews: 'keep',
      guestCheckout: false,
    });
    const put = { method: 'PUT' as const, url: '/api/admin/settings', payload: { lowStockThreshold: 2 } };
    expect(await guardAnswers(t.app, cast, put)).toEqual({ guest: 401, customer: 403, staff: 403 });
    const saved = await t.app.inject({ ...put, headers: cast.owner.headers });
    expect(saved.json()).toMatchObject({ message: ADMIN_MESSAGES.settingsSaved, settings: { lowStockThreshold: 2 } });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(audit).toMatchObject({
      actorId: cast.owner.userId,
      before: { lowStockThreshold: 5 },
      after: { lowStockThreshold: 2 },
    });
  });

  it.each([[-1], [1.5], ['5'], [10_001]])('refuses a threshold of %j', async (lowStockThreshold) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: cast.owner.headers,
      payload: { lowStockThreshold },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ADMIN_MESSAGES.lowStockInvalid);
  });

  it('only the owner sets the import hosts: normalised, audited, and kept by a body without them', async () => {
    const put = {
      method: 'PUT' as const,
      url: '/api/admin/settings',
      payload: { lowStockThreshold: 4, importImageHosts: [' CDN.Shopify.com ', '*.example.com', 'cdn.shopify.com'] },
    };
    expect(await guardAnswers(t.app, cast, put)).toEqual({ guest: 401, customer: 403, staff: 403 });
    const saved = await t.app.inject({ ...put, headers: cast.owner.headers });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toEqual({
      lowStockThreshold: 4,
      importImageHosts: ['cdn.shopify.com', '*.example.com'],
      returnWindowDays: DEFAULT_RETURN_WINDOW_DAYS,
      erasedReviews: 'keep',
      guestCheckout: false,
    });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(audits.at(-1)).toMatchObject({
      after: { lowStockThreshold: 4, importImageHosts: ['cdn.shopify.com', '*.example.com'] },
    });

    const thresholdOnly = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: cast.owner.headers,
      payload: { lowStockThreshold: 6 },
    });
    expect(thresholdOnly.json().settings).toEqual({
      lowStockThreshold: 6,
      importImageHosts: ['cdn.shopify.com', '*.example.com'],
      returnWindowDays: DEFAULT_RETURN_WINDOW_DAYS,
      erasedReviews: 'keep',
      guestCheckout: false,
    });
    const read = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: cast.staff.headers });
    expect(read.json().settings.importImageHosts).toEqual(['cdn.shopify.com', '*.example.com']);

    const cleared = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: cast.owner.headers,
      payload: { lowStockThreshold: 6, importImageHosts: ['http://127.0.0.1:4100'] },
    });
    expect(cleared.json().settings.importImageHosts).toEqual(['http://127.0.0.1:4100']);
  });

  it.each([['https://cdn.shopify.com/files'], ['ftp://cdn.shopify.com'], ['two words'], ['*.'], [''], [42]])(
    'refuses the import host %j and keeps the hosts',
    async (host) => {
      const before = (
        await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: cast.owner.headers })
      ).json().settings;
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: cast.owner.headers,
        payload: { lowStockThreshold: 5, importImageHosts: [host] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(ADMIN_MESSAGES.importHostsInvalid);
      const after = (
        await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: cast.owner.headers })
      ).json().settings;
      expect(after).toEqual(before);
    },
  );

  it('refuses more than the allowed number of hosts', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: cast.owner.headers,
      payload: { lowStockThreshold: 5, importImageHosts: Array.from({ length: 51 }, (_, i) => `h${i}.example.com`) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ADMIN_MESSAGES.importHostsInvalid);
  });

  it('the owner sets the return window; a body without it keeps it', async () => {
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: cast.owner.headers, payload });
    expect((await put({ lowStockThreshold: 5, returnWindowDays: 14 })).json().settings.returnWindowDays).toBe(14);
    expect((await put({ lowStockThreshold: 5 })).json().settings.returnWindowDays).toBe(14);
    for (const returnWindowDays of [-1, 2.5, '30', 366]) {
      const refused = await put({ lowStockThreshold: 5, returnWindowDays });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([{ param: 'returnWindowDays', msg: ADMIN_MESSAGES.returnWindowInvalid }]);
    }
    expect((await put({ lowStockThreshold: 5, returnWindowDays: 30 })).statusCode).toBe(200);
  });

  it("only the owner chooses what erasure does with a customer's reviews: audited, kept by a body without it", async () => {
    const put = {
      method: 'PUT' as const,
      url: '/api/admin/settings',
      payload: { lowStockThreshold: 5, erasedReviews: 'remove' },
    };
    expect(await guardAnswers(t.app, cast, put)).toEqual({ guest: 401, customer: 403, staff: 403 });
    const saved = await t.app.inject({ ...put, headers: cast.owner.headers });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.erasedReviews).toBe('remove');
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(audits.at(-1)).toMatchObject({
      actorId: cast.owner.userId,
      before: { erasedReviews: 'keep' },
      after: { erasedReviews: 'remove' },
    });
    const read = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: cast.staff.headers });
    expect(read.json().settings.erasedReviews).toBe('remove');
    const thresholdOnly = await t.app.inject({
      ...put,
      payload: { lowStockThreshold: 5 },
      headers: cast.owner.headers,
    });
    expect(thresholdOnly.json().settings.erasedReviews).toBe('remove');
    const back = await t.app.inject({
      ...put,
      payload: { lowStockThreshold: 5, erasedReviews: 'keep' },
      headers: cast.owner.headers,
    });
    expect(back.json().settings.erasedReviews).toBe('keep');
  });

  it.each([['delete'], ['KEEP'], [''], [true], [null]])(
    'refuses %j for erased reviews, naming the field',
    async (erasedReviews) => {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: cast.owner.headers,
        payload: { lowStockThreshold: 5, erasedReviews },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: ADMIN_MESSAGES.erasedReviewsInvalid,
        errors: [{ param: 'erasedReviews', msg: ADMIN_MESSAGES.erasedReviewsInvalid }],
      });
    },
  );

  it('only the owner turns guest checkout on and off: audited, kept by a body without it', async () => {
    const put = {
      method: 'PUT' as const,
      url: '/api/admin/settings',
      payload: { lowStockThreshold: 5, guestCheckout: true },
    };
    expect(await guardAnswers(t.app, cast, put)).toEqual({ guest: 401, customer: 403, staff: 403 });
    const saved = await t.app.inject({ ...put, headers: cast.owner.headers });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.guestCheckout).toBe(true);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(audits.at(-1)).toMatchObject({ before: { guestCheckout: false }, after: { guestCheckout: true } });
    const thresholdOnly = await t.app.inject({
      ...put,
      payload: { lowStockThreshold: 5 },
      headers: cast.owner.headers,
    });
    expect(thresholdOnly.json().settings.guestCheckout).toBe(true);
    const off = await t.app.inject({
      ...put,
      payload: { lowStockThreshold: 5, guestCheckout: false },
      headers: cast.owner.headers,
    });
    expect(off.json().settings.guestCheckout).toBe(false);
  });

  it.each([['true'], [1], [null], ['on']])('refuses %j for guest checkout, naming the field', async (guestCheckout) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: cast.owner.headers,
      payload: { lowStockThreshold: 5, guestCheckout },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ param: 'guestCheckout', msg: ADMIN_MESSAGES.guestCheckoutInvalid }],
    });
  });
});
