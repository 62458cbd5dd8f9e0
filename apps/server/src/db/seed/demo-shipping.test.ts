import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import type { DatabaseHandle } from '../client.ts';
import { shippingMethods, shippingZones } from '../schema.ts';
import { seedExpressIfAbsent } from './demo-shipping.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

it('gives the demo a paid Express beside the free Standard, once', async () => {
  expect(await seedExpressIfAbsent(database.db)).toBe(1);
  expect(await seedExpressIfAbsent(database.db)).toBe(0);
  const methods = await database.db
    .select({ code: shippingMethods.code, priceCents: shippingMethods.priceCents })
    .from(shippingMethods)
    .innerJoin(shippingZones, eq(shippingZones.id, shippingMethods.zoneId))
    .where(eq(shippingZones.isRestOfWorld, true))
    .orderBy(asc(shippingMethods.priceCents));
  expect(methods).toEqual([
    { code: 'standard', priceCents: 0 },
    { code: 'express', priceCents: 1500 },
  ]);
});
