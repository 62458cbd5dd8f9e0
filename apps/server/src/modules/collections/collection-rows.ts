import type { AdminCollection, Collection, CollectionRule } from '@shopper/contract';
import { toCents } from '@shopper/contract';
import { and, gt, isNull, lte, not, or, type SQL } from 'drizzle-orm';
import { collections } from '../../db/schema.ts';
import type { ListingScope } from '../catalog/index.ts';

export type CollectionRow = typeof collections.$inferSelect;
type Banner = Collection['banner'];

/**
 * Shown to shoppers at `now`: not hidden, and inside its window (from inclusive, until exclusive).
 * Read pages are cached for CATALOG_CACHE_TTL_MS, so a window opens or closes within that time.
 */
export function visibleAt(now: Date): SQL {
  return and(
    not(collections.isHidden),
    or(isNull(collections.visibleFrom), lte(collections.visibleFrom, now)),
    or(isNull(collections.visibleUntil), gt(collections.visibleUntil, now)),
  ) as SQL;
}

export function isVisibleAt(row: CollectionRow, now: Date): boolean {
  return (
    !row.isHidden &&
    (row.visibleFrom === null || row.visibleFrom <= now) &&
    (row.visibleUntil === null || row.visibleUntil > now)
  );
}

export function publicCollection(row: CollectionRow): Collection {
  return {
    slug: row.slug,
    name: row.name,
    description: row.description,
    banner: (row.banner as Banner) ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function adminCollection(row: CollectionRow, productIds: string[], now: Date): AdminCollection {
  return {
    ...publicCollection(row),
    id: row.id,
    isHidden: row.isHidden,
    visibleFrom: row.visibleFrom?.toISOString() ?? null,
    visibleUntil: row.visibleUntil?.toISOString() ?? null,
    isVisibleNow: isVisibleAt(row, now),
    kind: row.kind,
    productIds: row.kind === 'manual' ? productIds : [],
    rule: (row.rule as CollectionRule | null) ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the listing looks within: the rule's conditions, or the hand-picked products in their order. */
export function scopeOf(row: CollectionRow, productIds: readonly string[]): ListingScope {
  if (row.kind === 'manual') return { productIds };
  const rule = (row.rule ?? {}) as CollectionRule;
  return {
    ...(rule.category ? { category: rule.category } : {}),
    ...(rule.types ? { types: rule.types } : {}),
    ...(rule.tags ? { tags: rule.tags } : {}),
    ...(rule.colours ? { colours: rule.colours } : {}),
    ...(rule.onSale ? { isDiscountOnly: true } : {}),
    ...(rule.maxPrice !== undefined ? { maxPriceCents: toCents(rule.maxPrice) } : {}),
  };
}
