import { CATALOG_IMPORT_MESSAGES as M, type CatalogImportLine } from '@shopper/contract';
import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { catalogImportLines, catalogImports } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AddressRange } from '../../lib/ip-ranges.ts';
import { createPeriodicWork } from '../../lib/periodic-work.ts';
import type { CatalogAdminService, ImportedPicture, ImportedProduct } from '../catalog/index.ts';
import type { ProductImagesService } from '../images/index.ts';
import type { PlannedProduct } from './catalog-csv-product.ts';
import { fetchPicture } from './image-fetch.ts';
import { knownPictures, ownDrawing } from './shop-pictures.ts';
import { shopLimitReasons } from './steps/shop-limits.ts';

/**
 * Applies catalog imports in the background (decision 043, "Import pipeline", step 4), on every
 * instance and safely so (decision 029): a runner takes the applying job by a lease on its row,
 * renews it as it goes, and writes each product in a transaction of its own that also marks the
 * product's line done, so a crash loses at most the product in hand and whichever runner takes the
 * job after the lease runs out resumes at the first line not done.
 */

export type ImportRunner = {
  /** Takes an applying job whose lease is free and applies it to the end; false when there was none. */
  runOnce(): Promise<boolean>;
  start(intervalMs?: number): void;
  /** Asks a started runner for a run soon, e.g. right after a job was set applying here. */
  nudge(): void;
  /** Stops after the product in hand, gives the lease back, and waits. */
  stop(): Promise<void>;
};

/** Long enough for one product's pictures (10 s each) between renewals; a stalled runner's job waits this long. */
const LEASE_MS = 5 * 60_000;
const DEFAULT_INTERVAL_MS = 5_000;
/** Jobs older than this are deleted by the sweep, lines and all. */
const KEEP_JOBS_MS = 30 * 24 * 60 * 60_000;

class LeaseLost extends Error {}

type LineOutcome = NonNullable<CatalogImportLine['outcome']>;
type Skipped = LineOutcome['imagesSkipped'];

export function createImportRunner({
  db,
  catalogAdmin,
  images,
  importImageHosts,
  clock,
  log,
  publicUrl,
  maxImageBytes,
  privateNetworks = [],
}: {
  db: Database;
  catalogAdmin: Pick<CatalogAdminService, 'importProduct' | 'importCommitted' | 'fileProducts'>;
  images: Pick<ProductImagesService, 'process' | 'sourceUrlsFor'>;
  importImageHosts: () => Promise<string[]>;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  publicUrl: string;
  /** The upload limit, which bounds every fetched picture too. */
  maxImageBytes: number;
  /** CATALOG_IMPORT_PRIVATE_NETWORKS: private addresses pictures may still come from. */
  privateNetworks?: readonly AddressRange[];
}): ImportRunner {
  async function sweep(now: Date): Promise<void> {
    await db
      .delete(catalogImports)
      .where(
        and(
          lt(catalogImports.createdAt, new Date(now.getTime() - KEEP_JOBS_MS)),
          ne(catalogImports.status, 'applying'),
        ),
      );
  }

  /** The job's lease, held while one job is applied. */
  function leaseOf(jobId: string, first: Date) {
    let until = first;
    const isOurs = () =>
      and(eq(catalogImports.id, jobId), eq(catalogImports.status, 'applying'), eq(catalogImports.leaseUntil, until));
    return {
      isOurs,
      /** Moves the lease on, or throws LeaseLost when another runner holds the job now. */
      async renew(): Promise<void> {
        const next = new Date(clock().getTime() + LEASE_MS);
        const [row] = await db
          .update(catalogImports)
          .set({ leaseUntil: next })
          .where(isOurs())
          .returning({ id: catalogImports.id });
        if (!row) throw new LeaseLost();
        until = next;
      },
      /**
       * Inside a transaction: checks the lease is still ours and locks the job's row until the
       * commit, so no other runner can take the job while this product is written.
       */
      async hold(tx: Database): Promise<void> {
        const [row] = await tx.select({ id: catalogImports.id }).from(catalogImports).where(isOurs()).for('update');
        if (!row) throw new LeaseLost();
      },
    };
  }
  type Lease = ReturnType<typeof leaseOf>;

  /**
   * The pictures of each colour of the plan, outside any transaction: the product's own pictures
   * and the shop's drawings are kept as they are, any other address is fetched (allowed hosts only)
   * and re-encoded as an upload. null keeps the colour's gallery: the file gives it none, or none
   * of its pictures could be fetched.
   */
  async function picturesFor(plan: PlannedProduct, lease: Lease) {
    const [existing] = await catalogAdmin.fileProducts([plan.handle]);
    const sources = existing ? (await images.sourceUrlsFor([existing.id])).get(existing.id) : undefined;
    const known = knownPictures(existing, sources, publicUrl);
    const hosts = await importImageHosts();
    const resolved = new Map<string, ImportedPicture | null>();
    const skipped: Skipped = [];
    let fetched = 0;

    async function resolve(address: string): Promise<ImportedPicture | null> {
      const url = known.get(address) ?? ownDrawing(address, publicUrl);
      if (url !== null && url !== undefined) return { url };
      const answer = await fetchPicture(address, { hosts, maxBytes: maxImageBytes, network: { privateNetworks } });
      await lease.renew();
      if (!answer.ok) {
        skipped.push({ url: address, reason: answer.reason });
        return null;
      }
      try {
        const picture = await images.process(answer.bytes);
        fetched += 1;
        return { picture, sourceUrl: address };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        skipped.push({ url: address, reason: error.message });
        return null;
      }
    }

    const colours: (ImportedPicture[] | null)[] = [];
    for (const colour of plan.colours) {
      const gallery: ImportedPicture[] = [];
      for (const address of colour.images) {
        if (!resolved.has(address)) resolved.set(address, await resolve(address));
        const picture = resolved.get(address);
        if (picture) gallery.push(picture);
      }
      colours.push(gallery.length > 0 ? gallery : null);
    }
    return { colours, fetched, skipped };
  }

  function importedProduct(plan: PlannedProduct, pictures: (ImportedPicture[] | null)[]): ImportedProduct {
    return {
      slug: plan.handle,
      name: plan.name,
      longDescription: plan.bodyText,
      shortDescription: plan.shortDescription,
      brand: plan.brand,
      category: plan.category,
      types: plan.types,
      tags: plan.tags,
      status: plan.status,
      priceCents: plan.priceCents,
      salePriceCents: plan.salePriceCents,
      colours: plan.colours.map((colour, index) => ({
        name: colour.name,
        swatch: colour.swatch,
        images: pictures[index] ?? null,
        sizes: colour.sizes,
      })),
    };
  }

  async function applyLine(
    job: { id: string; actorId: string | null },
    line: typeof catalogImportLines.$inferSelect,
    lease: Lease,
  ): Promise<void> {
    const plan = line.plan as PlannedProduct;
    const thisLine = and(
      eq(catalogImportLines.importId, job.id),
      eq(catalogImportLines.position, line.position),
      eq(catalogImportLines.state, 'planned'),
    );
    await lease.renew();
    const pictures = await picturesFor(plan, lease);
    try {
      // The dry run checked the editor's limits against the product as it was then; another
      // import applied since may have added colours or sizes (decision 045).
      const [now] = await catalogAdmin.fileProducts([plan.handle]);
      const [overLimit] = now
        ? shopLimitReasons({ colours: plan.colours, sizes: plan.colours[0]?.sizes.map((s) => s.size) ?? [] }, now, {
            line: plan.firstLine,
            colourColumn: '',
            sizeColumn: '',
          })
        : [];
      if (overLimit) throw new AppError('CONFLICT', overLimit.message);
      const written = await db.transaction(async (tx) => {
        await lease.hold(tx);
        // Another runner may have written this product after this one lost the job for a while.
        const [current] = await tx
          .select({ state: catalogImportLines.state })
          .from(catalogImportLines)
          .where(thisLine)
          .for('update');
        if (!current) return false;
        const result = await catalogAdmin.importProduct(tx, importedProduct(plan, pictures.colours), {
          actorId: job.actorId,
          note: `import ${job.id}`,
        });
        const outcome: LineOutcome = {
          stockDelta: result.stockDelta,
          imagesFetched: pictures.fetched,
          imagesSkipped: pictures.skipped,
        };
        await tx.update(catalogImportLines).set({ state: 'done', outcome }).where(thisLine);
        await tx
          .update(catalogImports)
          .set({
            doneProducts: sql`${catalogImports.doneProducts} + 1`,
            imagesFetched: sql`${catalogImports.imagesFetched} + ${pictures.fetched}`,
            imagesSkipped: sql`${catalogImports.imagesSkipped} + ${pictures.skipped.length}`,
          })
          .where(eq(catalogImports.id, job.id));
        return true;
      });
      if (written) catalogAdmin.importCommitted();
    } catch (error) {
      if (error instanceof LeaseLost) throw error;
      // The product's own failure (its slug taken meanwhile, a rule of the database): nothing of it
      // was written, its line says so, and the rest of the file goes on.
      log.warn({ err: error, importId: job.id, handle: line.handle }, 'an imported product could not be written');
      const outcome: LineOutcome = {
        stockDelta: 0,
        imagesFetched: 0,
        imagesSkipped: pictures.skipped,
        error: error instanceof AppError ? error.message : M.productNotWritten,
      };
      await db.transaction(async (tx) => {
        await lease.hold(tx);
        const [failed] = await tx
          .update(catalogImportLines)
          .set({ state: 'failed', outcome })
          .where(thisLine)
          .returning({ action: catalogImportLines.action });
        if (!failed) return;
        await tx
          .update(catalogImports)
          .set({
            doneProducts: sql`${catalogImports.doneProducts} + 1`,
            imagesSkipped: sql`${catalogImports.imagesSkipped} + ${pictures.skipped.length}`,
            // The counts say what was done: a product that failed was neither created nor updated.
            ...(failed.action === 'create' ? { created: sql`${catalogImports.created} - 1` } : {}),
            ...(failed.action === 'update' ? { updated: sql`${catalogImports.updated} - 1` } : {}),
          })
          .where(eq(catalogImports.id, job.id));
      });
    }
  }

  async function applyJob(job: { id: string; actorId: string | null }, lease: Lease): Promise<void> {
    try {
      // Refused and unchanged products have nothing to write: done in one statement.
      await db.transaction(async (tx) => {
        await lease.hold(tx);
        const settled = await tx
          .update(catalogImportLines)
          .set({ state: 'done' })
          .where(
            and(
              eq(catalogImportLines.importId, job.id),
              eq(catalogImportLines.state, 'planned'),
              inArray(catalogImportLines.action, ['refuse', 'unchanged']),
            ),
          )
          .returning({ position: catalogImportLines.position });
        if (settled.length > 0) {
          await tx
            .update(catalogImports)
            .set({ doneProducts: sql`${catalogImports.doneProducts} + ${settled.length}` })
            .where(eq(catalogImports.id, job.id));
        }
      });
      for (;;) {
        if (work.isStopped()) {
          // Given back at once: another instance's runner resumes without waiting for the lease.
          await db.update(catalogImports).set({ leaseUntil: null }).where(lease.isOurs());
          return;
        }
        const [line] = await db
          .select()
          .from(catalogImportLines)
          .where(and(eq(catalogImportLines.importId, job.id), eq(catalogImportLines.state, 'planned')))
          .orderBy(asc(catalogImportLines.position))
          .limit(1);
        if (!line) break;
        await applyLine(job, line, lease);
      }
      await db
        .update(catalogImports)
        .set({ status: 'done', finishedAt: clock(), leaseUntil: null })
        .where(lease.isOurs());
    } catch (error) {
      if (error instanceof LeaseLost) {
        log.warn({ importId: job.id }, 'another runner took over the catalog import');
        return;
      }
      log.error({ err: error, importId: job.id }, 'a catalog import stopped');
      // Recorded so the next import may start; if the database itself is away this fails too,
      // and the lease running out lets a later run resume instead.
      await db
        .update(catalogImports)
        .set({
          status: 'failed',
          error: M.importStopped(M.productNotWritten),
          finishedAt: clock(),
          leaseUntil: null,
        })
        .where(lease.isOurs());
    }
  }

  async function runOnce(): Promise<boolean> {
    const now = clock();
    await sweep(now);
    const leaseUntil = new Date(now.getTime() + LEASE_MS);
    // One statement: of two runners, the second finds the lease taken and claims nothing.
    const [job] = await db
      .update(catalogImports)
      .set({ leaseUntil })
      .where(
        and(
          eq(catalogImports.status, 'applying'),
          or(isNull(catalogImports.leaseUntil), lt(catalogImports.leaseUntil, now)),
        ),
      )
      .returning({ id: catalogImports.id, actorId: catalogImports.actorId });
    if (!job) return false;
    await applyJob(job, leaseOf(job.id, leaseUntil));
    return true;
  }

  const work = createPeriodicWork({ step: runOnce, name: 'catalog import', log });

  return {
    runOnce,
    start(intervalMs = DEFAULT_INTERVAL_MS) {
      work.start(intervalMs);
    },
    nudge: work.nudge,
    stop: work.stop,
  };
}
