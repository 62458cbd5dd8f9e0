import { ADMIN_MESSAGES, DEFAULT_LOW_STOCK_THRESHOLD } from '@shopper/contract';
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
    expect(read.json().settings).toEqual({ lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD, importImageHosts: [] });
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
});
