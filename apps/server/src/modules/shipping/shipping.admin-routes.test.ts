import { SHIPPING_MESSAGES as M, ShippingZonesAnswerSchema } from '@shopper/contract';
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
afterAll(async () => {
  await t.close();
});

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/admin/shipping${url}`,
    headers: cast.owner.headers,
    ...(payload ? { payload } : {}),
  });

async function zones(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await send(method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return ShippingZonesAnswerSchema.parse(response.json()).zones;
}

describe('/api/admin/shipping', () => {
  it('is the owner’s only: a guest 401, a customer and staff 403', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/admin/shipping/zones' },
      {
        method: 'POST' as const,
        url: '/api/admin/shipping/zones',
        payload: { name: 'US', places: [{ country: 'US' }] },
      },
    ]) {
      expect(await guardAnswers(t.app, cast, request)).toEqual({ guest: 401, customer: 403, staff: 403 });
    }
  });

  it('starts with one rest-of-world zone whose one method is the free `standard`', async () => {
    const list = await zones('GET', '/zones');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ isRestOfWorld: true, places: [] });
    expect(list[0]?.methods).toEqual([
      expect.objectContaining({ code: 'standard', name: 'Standard', price: 0, freeFrom: null }),
    ]);
  });

  it('adds a zone with a state-narrowed country and methods, audited, and refuses a country already in a zone', async () => {
    const created = await zones('POST', '/zones', {
      name: 'North America',
      places: [{ country: 'US' }, { country: 'CA', states: ['British Columbia', 'Ontario'] }],
    });
    const zone = created.find((z) => z.name === 'North America')!;
    expect(zone.places).toEqual([
      { country: 'CA', states: ['British Columbia', 'Ontario'] },
      { country: 'US', states: [] },
    ]);
    const withMethods = await zones('POST', `/zones/${zone.id}/methods`, {
      name: 'Express',
      price: 15,
      freeFrom: 200,
      estimate: '1–2 business days',
    });
    expect(withMethods.find((z) => z.id === zone.id)?.methods).toEqual([
      expect.objectContaining({
        code: 'express',
        name: 'Express',
        price: 15,
        freeFrom: 200,
        estimate: '1–2 business days',
      }),
    ]);

    const again = await send('POST', '/zones', { name: 'Americas', places: [{ country: 'MX' }, { country: 'US' }] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: M.countryTaken('United States', 'North America'),
      errors: [{ param: 'places.1.country', msg: M.countryTaken('United States', 'North America') }],
    });
    const secondWorld = await send('POST', '/zones', { name: 'Elsewhere', isRestOfWorld: true });
    expect(secondWorld.statusCode).toBe(409);
    expect(secondWorld.json().message).toBe(M.restOfWorldTaken);

    const sameName = await send('POST', `/zones/${zone.id}/methods`, { name: 'express', price: 9 });
    expect(sameName.statusCode).toBe(409);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, zone.id));
    expect(audit.map((row) => row.action)).toEqual(['shipping.zone-create']);
  });

  it('answers hostile input with a 400 naming the field', async () => {
    const cases: [object, string, string][] = [
      [{ name: '', places: [{ country: 'US' }] }, 'name', M.zoneNameRequired],
      [{ name: 'Nowhere' }, 'places', M.placesRequired],
      [{ name: 'Twice', places: [{ country: 'FR' }, { country: 'FR' }] }, 'places.1.country', M.countryTwice('FR')],
      [{ name: 'Bad', places: [{ country: 'FR', states: ['x'] }] }, 'places.0.states.0', M.statesInvalid],
    ];
    for (const [payload, param, message] of cases) {
      const response = await send('POST', '/zones', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors).toContainEqual({ param, msg: message });
    }
    const [world] = await zones('GET', '/zones');
    for (const price of [-1, 0.001, 10_000.01, Number.NaN]) {
      const response = await send('POST', `/zones/${world!.id}/methods`, { name: 'Odd', price });
      expect(response.statusCode, String(price)).toBe(400);
    }
    expect((await send('POST', `/zones/${world!.id}/methods`, { name: 'Odd', price: 1, freeFrom: 0 })).statusCode).toBe(
      400,
    );
    expect((await send('PUT', '/methods/not-a-uuid', { name: 'x', price: 1 })).statusCode).toBe(400);
    expect((await send('DELETE', '/zones/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('changes and deletes a method and a zone', async () => {
    const list = await zones('GET', '/zones');
    const zone = list.find((z) => z.name === 'North America')!;
    const method = zone.methods[0]!;
    const changed = await zones('PUT', `/methods/${method.id}`, {
      name: 'Express',
      price: 12.5,
      freeFrom: null,
      estimate: 'Next day',
    });
    expect(changed.find((z) => z.id === zone.id)?.methods[0]).toMatchObject({
      code: 'express',
      price: 12.5,
      freeFrom: null,
    });
    const moved = await zones('PUT', `/zones/${zone.id}`, { name: 'North America', places: [{ country: 'US' }] });
    expect(moved.find((z) => z.id === zone.id)?.places).toEqual([{ country: 'US', states: [] }]);
    const gone = await zones('DELETE', `/zones/${zone.id}`);
    expect(gone.some((z) => z.id === zone.id)).toBe(false);
  });
});
