import type { Category } from '@shopper/contract';
import { ADULT_SIZES, COLOUR_FAMILIES, type ColourFamily, KIDS_SIZES, toDollars } from '@shopper/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { productColours, products, productSizes } from '../../db/schema.ts';
import type { CatalogDeps } from './catalog-deps.ts';
import { effectivePriceCents, isOnSale } from './product-sql.ts';

const CANONICAL_SIZES: readonly string[] = [...ADULT_SIZES, ...KIDS_SIZES];

/** Adult sizes from XS up, then kids' ages, then anything else alphabetically. */
export function sortSizes(sizes: string[]): string[] {
  const rank = (size: string) => {
    const index = CANONICAL_SIZES.indexOf(size);
    return index === -1 ? CANONICAL_SIZES.length : index;
  };
  return [...sizes].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The values a listing's filters offer, taken from the products on sale in its category (or all). */
export async function facets({ db }: Pick<CatalogDeps, 'db'>, category: Category | undefined) {
  const scope = category ? and(eq(products.category, category), isOnSale) : isOnSale;
  const [typeRows, sizeRows, familyRows, [summary]] = await Promise.all([
    db
      .selectDistinct({ type: sql<string>`unnest(${products.types})` })
      .from(products)
      .where(scope),
    db
      .selectDistinct({ size: productSizes.size })
      .from(productSizes)
      .innerJoin(products, eq(products.id, productSizes.productId))
      .where(scope),
    db
      .selectDistinct({ family: productColours.family })
      .from(productColours)
      .innerJoin(products, eq(products.id, productColours.productId))
      .where(and(scope, isNull(productColours.hiddenAt))),
    db
      .select({
        brands: sql<string[] | null>`array_agg(distinct ${products.brand})`,
        maxPriceCents: sql<number>`coalesce(max(${effectivePriceCents}), 0)`.mapWith(Number),
      })
      .from(products)
      .where(scope),
  ]);
  return {
    types: typeRows.map((r) => r.type).sort(),
    sizes: sortSizes(sizeRows.map((r) => r.size)),
    brands: [...(summary?.brands ?? [])].sort(),
    colours: COLOUR_FAMILIES.filter((family: ColourFamily) => familyRows.some((r) => r.family === family)),
    maxPrice: toDollars(summary?.maxPriceCents ?? 0),
  };
}
