import { eq, sql } from 'drizzle-orm';
import { products } from '../../db/schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id names no product; asked of the database it would be an error (ids are uuids), not a miss. */
export const isProductId = (id: string): boolean => UUID.test(id);

/** The storefront shows published products only: drafts are not ready, archived ones are withdrawn. */
export const isOnSale = eq(products.status, 'published');

/** What a product sells for today: filters, sorting and the top price all go by it. */
export const effectivePriceCents = sql`coalesce(${products.salePriceCents}, ${products.priceCents})`;
