import type { AdminCollection, AdminHomeSectionsAnswer, CollectionValues, HomeSectionsBody } from '@shopper/contract';
import { COLLECTION_MESSAGES as M } from '@shopper/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { collectionProducts, collections, homeSections } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { AuditRecorder } from '../audit/index.ts';
import type { CatalogChanges, CatalogService } from '../catalog/index.ts';
import { adminCollection, type CollectionRow } from './collection-rows.ts';
import { productIdsOf } from './collections.service.ts';

export type CollectionsAdminService = ReturnType<typeof createCollectionsAdminService>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('NOT_FOUND', M.notFound);
const slugTaken = () => new AppError('CONFLICT', M.slugTaken, [{ param: 'slug', msg: M.slugTaken }]);

type Answer = { collection: AdminCollection; productNames: Record<string, string> };

/**
 * Collections and the home page's sections in the back office (staff). Every change is audited in
 * its own transaction and clears this instance's catalog cache now; the tables' trigger tells the
 * other instances at commit (docs/decisions/028).
 */
export function createCollectionsAdminService({
  db,
  clock,
  audit,
  catalog,
  catalogChanges,
}: {
  db: Database;
  clock: () => Date;
  audit: AuditRecorder;
  catalog: Pick<CatalogService, 'namesOf'>;
  catalogChanges: Pick<CatalogChanges, 'changedHere'>;
}) {
  async function answer(row: CollectionRow, executor: Database = db): Promise<Answer> {
    const ids = row.kind === 'manual' ? await productIdsOf(executor, row.id) : [];
    const names = await catalog.namesOf(ids);
    return { collection: adminCollection(row, ids, clock()), productNames: Object.fromEntries(names) };
  }

  async function rowOf(id: string, executor: Database = db, lock = false): Promise<CollectionRow> {
    if (!UUID.test(id)) throw notFound();
    const query = executor.select().from(collections).where(eq(collections.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound();
    return row;
  }

  /** Normalised ids, each naming a product that exists (any status: a draft may be picked ahead of its launch). */
  async function checkedProductIds(values: CollectionValues): Promise<string[]> {
    if (values.kind !== 'manual') return [];
    const ids = values.productIds.map((id) => id.toLowerCase());
    const names = await catalog.namesOf(ids);
    if (ids.some((id) => !names.has(id))) {
      throw new AppError('VALIDATION_FAILED', M.productsUnknown, [{ param: 'productIds', msg: M.productsUnknown }]);
    }
    return ids;
  }

  function columns(values: CollectionValues) {
    return {
      slug: values.slug,
      name: values.name,
      description: values.description,
      banner: values.banner,
      isHidden: values.isHidden,
      visibleFrom: values.visibleFrom ? new Date(values.visibleFrom) : null,
      visibleUntil: values.visibleUntil ? new Date(values.visibleUntil) : null,
      kind: values.kind,
      rule: values.kind === 'rule' ? values.rule : null,
      updatedAt: clock(),
    };
  }

  async function writeProducts(tx: Database, collectionId: string, ids: readonly string[]): Promise<void> {
    await tx.delete(collectionProducts).where(eq(collectionProducts.collectionId, collectionId));
    if (ids.length > 0) {
      await tx
        .insert(collectionProducts)
        .values(ids.map((productId, position) => ({ collectionId, productId, position })));
    }
  }

  /** Runs a write, turning a slug clash into the field's error, and tells this instance's caches. */
  async function writing<T>(write: () => Promise<T>): Promise<T> {
    try {
      const result = await write();
      catalogChanges.changedHere();
      return result;
    } catch (error) {
      if (isUniqueViolation(error, 'collections_slug_unique')) throw slugTaken();
      throw error;
    }
  }

  async function create(actorId: string, values: CollectionValues): Promise<Answer> {
    const ids = await checkedProductIds(values);
    return writing(() =>
      db.transaction(async (tx) => {
        const [row] = await tx.insert(collections).values(columns(values)).returning();
        if (!row) throw new Error('insert returned no row');
        await writeProducts(tx, row.id, ids);
        const created = await answer(row, tx);
        await audit.record(tx, {
          actorId,
          action: 'collection.create',
          entity: 'collection',
          entityId: row.id,
          after: created.collection,
        });
        return created;
      }),
    );
  }

  async function update(actorId: string, id: string, values: CollectionValues): Promise<Answer> {
    const ids = await checkedProductIds(values);
    return writing(() =>
      db.transaction(async (tx) => {
        const before = await answer(await rowOf(id, tx, true), tx);
        const [row] = await tx.update(collections).set(columns(values)).where(eq(collections.id, id)).returning();
        if (!row) throw notFound();
        await writeProducts(tx, id, ids);
        const after = await answer(row, tx);
        await audit.record(tx, {
          actorId,
          action: 'collection.update',
          entity: 'collection',
          entityId: id,
          before: before.collection,
          after: after.collection,
        });
        return after;
      }),
    );
  }

  async function remove(actorId: string, id: string): Promise<string> {
    return writing(() =>
      db.transaction(async (tx) => {
        const before = await answer(await rowOf(id, tx, true), tx);
        await tx.delete(collections).where(eq(collections.id, id));
        await audit.record(tx, {
          actorId,
          action: 'collection.delete',
          entity: 'collection',
          entityId: id,
          before: before.collection,
        });
        return before.collection.name;
      }),
    );
  }

  async function homeSectionsOf(executor: Database = db): Promise<Omit<AdminHomeSectionsAnswer, 'success'>> {
    const rows = await executor.select().from(homeSections).orderBy(asc(homeSections.position));
    return {
      heroId: rows.find((row) => row.place === 'hero')?.collectionId ?? null,
      featuredIds: rows.filter((row) => row.place === 'featured').map((row) => row.collectionId),
    };
  }

  async function setHomeSections(actorId: string, body: HomeSectionsBody) {
    const heroId = body.heroId?.toLowerCase() ?? null;
    const featuredIds = body.featuredIds.map((id) => id.toLowerCase()).filter((id) => id !== heroId);
    const wanted = [...(heroId ? [heroId] : []), ...featuredIds];
    return writing(() =>
      db.transaction(async (tx) => {
        // One writer at a time: the sections are replaced whole.
        await tx.execute(sql`lock table ${homeSections} in share row exclusive mode`);
        const found =
          wanted.length === 0
            ? []
            : await tx.select({ id: collections.id }).from(collections).where(inArray(collections.id, wanted));
        if (found.length !== wanted.length) {
          const param = heroId && !found.some((row) => row.id === heroId) ? 'heroId' : 'featuredIds';
          throw new AppError('VALIDATION_FAILED', M.homeUnknown, [{ param, msg: M.homeUnknown }]);
        }
        const before = await homeSectionsOf(tx);
        await tx.delete(homeSections);
        if (wanted.length > 0) {
          await tx.insert(homeSections).values(
            wanted.map((collectionId, position) => ({
              collectionId,
              place: collectionId === heroId ? ('hero' as const) : ('featured' as const),
              position,
            })),
          );
        }
        const after = await homeSectionsOf(tx);
        await audit.record(tx, {
          actorId,
          action: 'home-sections.update',
          entity: 'setting',
          entityId: 'home-sections',
          before,
          after,
        });
        return after;
      }),
    );
  }

  return {
    list: async (): Promise<AdminCollection[]> => {
      const rows = await db.select().from(collections).orderBy(asc(collections.name), asc(collections.id));
      const now = clock();
      const picked =
        rows.length === 0
          ? []
          : await db
              .select()
              .from(collectionProducts)
              .where(
                inArray(
                  collectionProducts.collectionId,
                  rows.map((row) => row.id),
                ),
              )
              .orderBy(asc(collectionProducts.position));
      return rows.map((row) =>
        adminCollection(
          row,
          picked.filter((p) => p.collectionId === row.id).map((p) => p.productId),
          now,
        ),
      );
    },
    get: async (id: string): Promise<Answer> => answer(await rowOf(id)),
    create,
    update,
    remove,
    homeSections: () => homeSectionsOf(),
    setHomeSections,
  };
}
