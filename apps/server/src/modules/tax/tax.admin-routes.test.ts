import { TAX_MESSAGES as M, TaxesAnswerSchema } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { backOfficeCast, type BackOfficeCast, guardAnswers } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let cast: BackOfficeCast;

beforeAll(async () => {
  t = await createTestApp({ TAX_RATE: '0.08' });
  cast = await backOfficeCast(t.app, t.database);
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/taxes${url}`, headers: cast.owner.headers, ...(payload ? { payload } : {}) });

async function taxes(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await send(method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return TaxesAnswerSchema.parse(response.json());
}

describe('/api/admin/taxes', () => {
  it('is the owner’s only', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/admin/taxes' },
      { method: 'POST' as const, url: '/api/admin/taxes/rates', payload: { country: 'US', rate: 5 } },
      { method: 'PUT' as const, url: '/api/admin/taxes/settings', payload: { pricesIncludeTax: true } },
    ]) {
      expect(await guardAnswers(t.app, cast, request)).toEqual({ guest: 401, customer: 403, staff: 403 });
    }
  });

  it('starts with no rate, prices without tax, and the configured rate as the fallback', async () => {
    const answer = await taxes('GET', '');
    expect(answer).toMatchObject({
      rates: [],
      fallbackRate: 8,
      settings: { pricesIncludeTax: false, legalName: '', legalAddress: '', taxNumber: '' },
    });
  });

  it('sets rates per country and state, one per place (any case), audited', async () => {
    const answer = await taxes('POST', '/rates', { country: 'US', state: 'California', rate: 7.25 });
    expect(answer.rates).toEqual([
      expect.objectContaining({ country: 'US', state: 'California', rate: 7.25, shippingRate: null }),
    ]);
    await taxes('POST', '/rates', { country: 'DE', rate: 19, shippingRate: 19 });
    const twice = await send('POST', '/rates', { country: 'US', state: 'california', rate: 8 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: M.rateTaken('california, United States') });
    const rate = answer.rates[0]!;
    const changed = await taxes('PUT', `/rates/${rate.id}`, { country: 'US', state: 'California', rate: 8.875 });
    expect(changed.rates.find((r) => r.id === rate.id)?.rate).toBe(8.875);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, rate.id));
    expect(audit.map((row) => row.action).sort()).toEqual(['tax.rate-create', 'tax.rate-update']);
    const deleted = await taxes('DELETE', `/rates/${rate.id}`);
    expect(deleted.rates.map((r) => r.country)).toEqual(['DE']);
    expect((await send('DELETE', `/rates/${rate.id}`)).statusCode).toBe(404);
  });

  it('saves the tax settings and legal details, and serves the legal details to receipts', async () => {
    const answer = await taxes('PUT', '/settings', {
      pricesIncludeTax: true,
      legalName: 'Shopper Fashion GmbH',
      legalAddress: 'Hauptstraße 1, 10115 Berlin',
      taxNumber: 'DE123456789',
    });
    expect(answer.settings.pricesIncludeTax).toBe(true);
    const legal = await t.app.inject({ method: 'GET', url: '/api/shop/legal' });
    expect(legal.json()).toEqual({
      success: true,
      legal: {
        legalName: 'Shopper Fashion GmbH',
        legalAddress: 'Hauptstraße 1, 10115 Berlin',
        taxNumber: 'DE123456789',
      },
    });
    await taxes('PUT', '/settings', { pricesIncludeTax: false });
  });

  it('answers hostile input with a 400 naming the field', async () => {
    const cases: [string, object, string, string][] = [
      ['/rates', { country: 'US', rate: 101 }, 'rate', M.rateInvalid],
      ['/rates', { country: 'US', rate: 7.2501 }, 'rate', M.rateInvalid],
      ['/rates', { country: 'US', rate: -1 }, 'rate', M.rateInvalid],
      ['/rates', { country: 'US', rate: 5, shippingRate: 'x' }, 'shippingRate', M.shippingRateInvalid],
      ['/rates', { country: 'US', state: 'C', rate: 5 }, 'state', M.stateInvalid],
      [
        '/settings',
        { pricesIncludeTax: false, taxNumber: 'x'.repeat(41) },
        'taxNumber',
        M.legalTextInvalid('The tax number', 40),
      ],
    ];
    for (const [url, payload, param, message] of cases) {
      const response = await send(url === '/settings' ? 'PUT' : 'POST', url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors).toContainEqual({ param, msg: message });
    }
  });
});
