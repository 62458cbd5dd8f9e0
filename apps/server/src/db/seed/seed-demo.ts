import type { Database } from '../client.ts';
import { seedCouponsIfEmpty } from './demo-coupons.ts';
import { DEMO_PRODUCTS } from './demo-products.ts';
import { seedExpressIfAbsent } from './demo-shipping.ts';
import { seedCatalogIfEmpty } from './seed-catalog.ts';
import { seedReviewsIfEmpty } from './seed-reviews.ts';

export type DemoSeedCounts = { products: number; reviews: number; coupons: number };

/**
 * The demo shop's data: catalog, reviews, promo codes and an Express shipping method, each written only into an empty table,
 * so running it again (or on every instance at once) changes nothing. A real shop starts empty;
 * the demo (DEMO=true) and `npm run admin -- seed-demo` call this.
 */
export async function seedDemoData(db: Database): Promise<DemoSeedCounts> {
  const products = await seedCatalogIfEmpty(db, DEMO_PRODUCTS);
  const reviews = await seedReviewsIfEmpty(db, DEMO_PRODUCTS);
  const coupons = await seedCouponsIfEmpty(db);
  await seedExpressIfAbsent(db);
  return { products, reviews, coupons };
}
