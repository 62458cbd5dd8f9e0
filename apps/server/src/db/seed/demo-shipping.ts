import { and, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { shippingMethods, shippingZones } from '../schema.ts';

/**
 * The demo shop offers a second method beside the free Standard, so a shopper sees the choice
 * (docs/shipping-and-taxes.md#defaults). Added to the rest-of-world zone once; a shop whose owner
 * removed that zone, or already has an Express there, is left as it is.
 */
export async function seedExpressIfAbsent(db: Database): Promise<number> {
  const [world] = await db
    .select({ id: shippingZones.id })
    .from(shippingZones)
    .where(eq(shippingZones.isRestOfWorld, true));
  if (!world) return 0;
  const [existing] = await db
    .select({ id: shippingMethods.id })
    .from(shippingMethods)
    .where(and(eq(shippingMethods.zoneId, world.id), eq(shippingMethods.code, 'express')));
  if (existing) return 0;
  const inserted = await db
    .insert(shippingMethods)
    .values({ zoneId: world.id, code: 'express', name: 'Express', priceCents: 1500, estimate: '1–2 business days' })
    .onConflictDoNothing()
    .returning({ id: shippingMethods.id });
  return inserted.length;
}
