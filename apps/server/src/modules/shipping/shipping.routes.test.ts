import { ShippingOfferAnswerSchema, ShippingZonesAnswerSchema } from '@shopper/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backOfficeCast, type BackOfficeCast } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let cast: BackOfficeCast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await backOfficeCast(t.app, t.database);
});
afterAll(async () => await t.close());

async function offer() {
  const response = await t.app.inject({ method: 'GET', url: '/api/shop/shipping' });
  expect(response.statusCode, response.body).toBe(200);
  return ShippingOfferAnswerSchema.parse(response.json()).offer;
}

async function owner(method: 'POST' | 'PUT', url: string, payload: object) {
  const response = await t.app.inject({
    method,
    url: `/api/admin/shipping${url}`,
    headers: cast.owner.headers,
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return ShippingZonesAnswerSchema.parse(response.json()).zones;
}

describe('GET /api/shop/shipping', () => {
  it('answers anyone what the top band promises, and follows the owner’s methods', async () => {
    // A fresh shop ships free everywhere.
    expect(await offer()).toEqual({ kind: 'free' });

    const [world] = (
      await t.app.inject({ method: 'GET', url: '/api/admin/shipping/zones', headers: cast.owner.headers })
    ).json<{ zones: { id: string; methods: { id: string }[] }[] }>().zones;
    const standard = world!.methods[0]!;
    await owner('PUT', `/methods/${standard.id}`, {
      name: 'Standard',
      price: 4.95,
      freeFrom: 75,
      estimate: '3–5 days',
    });
    expect(await offer()).toEqual({ kind: 'free-from', amount: 75 });

    await owner('PUT', `/methods/${standard.id}`, {
      name: 'Standard',
      price: 4.95,
      freeFrom: null,
      estimate: '3–5 days',
    });
    expect(await offer()).toEqual({ kind: 'paid-from', amount: 4.95 });

    // Free in the US, paid elsewhere: no promise holds everywhere.
    const [us] = await owner('POST', '/zones', { name: 'US', places: [{ country: 'US' }] });
    await owner('POST', `/zones/${us!.id}/methods`, { name: 'Ground', price: 0, estimate: '5–7 days' });
    expect(await offer()).toEqual({ kind: 'none' });
  });
});
