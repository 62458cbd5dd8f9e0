import type { Collection, HomeSectionsAnswer, ProductListQuery } from '@shopper/contract';
import { COLLECTION_MESSAGES, HOME_FEATURED_PRODUCT_COUNT } from '@shopper/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { collectionProducts, collections, homeSections } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CatalogService, ProductPage } from '../catalog/index.ts';
import { type CollectionRow, publicCollection, scopeOf, visibleAt } from './collection-rows.ts';

export type CollectionsService = ReturnType<typeof createCollectionsService>;

/** Hand-picked product ids of a collection, in their order. */
export async function productIdsOf(db: Database, collectionId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: collectionProducts.productId })
    .from(collectionProducts)
    .where(eq(collectionProducts.collectionId, collectionId))
    .orderBy(asc(collectionProducts.position));
  return rows.map((row) => row.productId);
}

/** Collections as shoppers see them: only visible ones exist; their products come from the catalog's listing. */
export function createCollectionsService({
  db,
  clock,
  catalog,
}: {
  db: Database;
  clock: () => Date;
  catalog: Pick<CatalogService, 'list'>;
}) {
  async function visibleRow(slug: string): Promise<CollectionRow> {
    const [row] = await db
      .select()
      .from(collections)
      .where(and(eq(collections.slug, slug), visibleAt(clock())));
    if (!row) throw new AppError('NOT_FOUND', COLLECTION_MESSAGES.notFound);
    return row;
  }

  async function listing(row: CollectionRow, query: ProductListQuery): Promise<ProductPage> {
    const ids = row.kind === 'manual' ? await productIdsOf(db, row.id) : [];
    return catalog.list(query, scopeOf(row, ids));
  }

  async function homeSectionsNow(): Promise<Omit<HomeSectionsAnswer, 'success'>> {
    const chosen = await db
      .select({ place: homeSections.place, row: collections })
      .from(homeSections)
      .innerJoin(collections, eq(collections.id, homeSections.collectionId))
      .where(visibleAt(clock()))
      .orderBy(asc(homeSections.position));
    const hero = chosen.find((section) => section.place === 'hero')?.row;
    const featured = await Promise.all(
      chosen
        .filter((section) => section.place === 'featured')
        .map(async ({ row }) => ({
          collection: publicCollection(row),
          products: (await listing(row, { page: 1, limit: HOME_FEATURED_PRODUCT_COUNT })).products,
        })),
    );
    return { hero: hero ? publicCollection(hero) : null, featured };
  }

  return {
    bySlug: async (slug: string): Promise<Collection> => publicCollection(await visibleRow(slug)),
    products: async (slug: string, query: ProductListQuery): Promise<ProductPage> =>
      listing(await visibleRow(slug), query),
    homeSections: homeSectionsNow,
    /** Every visible collection, for the sitemap. */
    visible: async (): Promise<Collection[]> =>
      (await db.select().from(collections).where(visibleAt(clock())).orderBy(asc(collections.slug))).map(
        publicCollection,
      ),
  };
}
