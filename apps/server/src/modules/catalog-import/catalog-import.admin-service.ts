import {
  CATALOG_IMPORT_MESSAGES as M,
  type CatalogImport,
  type CatalogImportAction,
  type CatalogImportLine,
  type CatalogImportReason,
  type Category,
} from '@shopper/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { catalogImportLines, catalogImports } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CatalogAdminService } from '../catalog/index.ts';
import type { ProductImagesService } from '../images/index.ts';
import type { CatalogCsvProduct } from './catalog-csv-product.ts';
import { exportCatalogCsv } from './catalog-export.ts';
import { planInThread } from './planning-thread.ts';
import { toCatalogCsvProduct } from './shop-pictures.ts';

export type CatalogImportAdminService = ReturnType<typeof createCatalogImportAdminService>;

type JobRow = typeof catalogImports.$inferSelect;
type LineRow = typeof catalogImportLines.$inferSelect;
type LineOutcome = NonNullable<CatalogImportLine['outcome']>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Lines are written in slices: a 20,000-row file is one statement per slice, not one per line. */
const LINES_PER_INSERT = 500;
const MAX_FILE_NAME = 200;

const notFound = () => new AppError('NOT_FOUND', M.importNotFound);

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const e = cause as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (e.constraint === constraint || (e.message ?? '').includes(constraint));
}

export function jobView(row: JobRow): CatalogImport {
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    totalProducts: row.totalProducts,
    doneProducts: row.doneProducts,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    refused: row.refused,
    imagesFetched: row.imagesFetched,
    imagesSkipped: row.imagesSkipped,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

function lineView(row: LineRow): CatalogImportLine {
  return {
    position: row.position,
    handle: row.handle,
    firstLine: row.firstLine,
    name: row.name,
    action: row.action,
    changes: row.changes,
    reasons: row.reasons as CatalogImportReason[],
    state: row.state,
    outcome: (row.outcome as LineOutcome | null) ?? null,
  };
}

/** A file name as the report shows it: no control characters, bounded. */
function cleanFileName(name: string | undefined): string {
  const clean = [...(name ?? '')]
    // Control characters, and lone surrogates (one UTF-16 unit that is no character at all).
    .filter((character) => character >= ' ' && character !== '\u007f' && !/^[\ud800-\udfff]$/.test(character))
    .join('')
    .trim()
    .slice(0, MAX_FILE_NAME);
  return clean === '' ? 'products.csv' : clean;
}

/**
 * The catalog import and export of the back office (decision 043): the dry run that plans a file
 * into a job and its lines without touching the catalog, the job's progress and report, starting
 * the apply (the import runner does the writing), and the export.
 */
export function createCatalogImportAdminService({
  db,
  catalogAdmin,
  images,
  clock,
  publicUrl,
  maxMegabytes,
  onApply,
}: {
  db: Database;
  catalogAdmin: Pick<CatalogAdminService, 'fileProducts'>;
  images: Pick<ProductImagesService, 'sourceUrlsFor'>;
  clock: () => Date;
  publicUrl: string;
  /** CATALOG_IMPORT_MAX_MB. */
  maxMegabytes: number;
  /** Tells this instance's runner a job is waiting, so it starts at once rather than at its next tick. */
  onApply: () => void;
}) {
  async function findJob(id: string): Promise<JobRow> {
    if (!UUID.test(id)) throw notFound();
    const [row] = await db.select().from(catalogImports).where(eq(catalogImports.id, id));
    if (!row) throw notFound();
    return row;
  }

  /** The shop's products of these handles as the file would show them; one read for any number. */
  async function existingProducts(handles: readonly string[]): Promise<ReadonlyMap<string, CatalogCsvProduct>> {
    const products = await catalogAdmin.fileProducts(handles);
    const sources = await images.sourceUrlsFor(products.map((product) => product.id));
    return new Map(
      products.map((product) => [product.slug, toCatalogCsvProduct(product, sources.get(product.id), publicUrl)]),
    );
  }

  return {
    /**
     * The dry run (decision 043, steps 1 to 3): reads and plans the file and stores the job,
     * `planned`, with one line per product. A file refused as a whole is a 400 and stores nothing.
     */
    async plan({
      actorId,
      fileName,
      bytes,
      defaultCategory,
    }: {
      actorId: string;
      fileName: string | undefined;
      bytes: Uint8Array;
      defaultCategory: Category | undefined;
    }): Promise<CatalogImport> {
      const planned = await planInThread({ bytes, maxMegabytes, defaultCategory }, existingProducts);
      if (!planned.ok) {
        const { message } = planned.refusal;
        throw new AppError('VALIDATION_FAILED', message, [{ param: 'file', msg: message }]);
      }
      const { lines, names } = planned;
      const tally = (action: CatalogImportAction) => lines.filter((line) => line.action === action).length;

      return db.transaction(async (tx) => {
        const [job] = await tx
          .insert(catalogImports)
          .values({
            actorId,
            fileName: cleanFileName(fileName),
            defaultCategory: defaultCategory ?? null,
            totalProducts: lines.length,
            created: tally('create'),
            updated: tally('update'),
            unchanged: tally('unchanged'),
            refused: tally('refuse'),
            createdAt: clock(),
          })
          .returning();
        if (!job) throw new Error('storing an import returned no row');
        const rows = lines.map((line, position) => ({
          importId: job.id,
          position,
          handle: line.handle,
          name: names[position] ?? '',
          firstLine: line.firstLine,
          action: line.action,
          changes: line.action === 'update' ? line.changes : [],
          plan: 'product' in line ? line.product : null,
          reasons: line.action === 'refuse' ? line.reasons : [],
        }));
        for (let start = 0; start < rows.length; start += LINES_PER_INSERT) {
          await tx.insert(catalogImportLines).values(rows.slice(start, start + LINES_PER_INSERT));
        }
        return jobView(job);
      });
    },

    async get(id: string): Promise<CatalogImport> {
      return jobView(await findJob(id));
    },

    /** One page of the report, in file order, of one action if asked. */
    async lines(
      id: string,
      query: { action?: CatalogImportAction | undefined; page: number; pageSize: number },
    ): Promise<{ items: CatalogImportLine[]; total: number }> {
      const job = await findJob(id);
      const where = and(
        eq(catalogImportLines.importId, job.id),
        query.action ? eq(catalogImportLines.action, query.action) : undefined,
      );
      const rows = await db
        .select()
        .from(catalogImportLines)
        .where(where)
        .orderBy(asc(catalogImportLines.position))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      const [counted] = await db.select({ total: count() }).from(catalogImportLines).where(where);
      return { items: rows.map(lineView), total: counted?.total ?? 0 };
    },

    /**
     * Starts applying a planned job (decision 043, step 4) and answers at once: the runner of
     * whichever instance takes the lease does the work. One job applies at a time.
     */
    async apply(id: string, actorId: string): Promise<CatalogImport> {
      const job = await findJob(id);
      let started: JobRow | undefined;
      try {
        [started] = await db
          .update(catalogImports)
          // The one who applies is the ledger's and the audit's actor.
          .set({ status: 'applying', actorId, startedAt: clock(), leaseUntil: null })
          .where(and(eq(catalogImports.id, job.id), eq(catalogImports.status, 'planned')))
          .returning();
      } catch (error) {
        if (isUniqueViolation(error, 'catalog_imports_one_applying')) {
          throw new AppError('CONFLICT', M.importAnotherApplying);
        }
        throw error;
      }
      if (!started) throw new AppError('CONFLICT', M.importNotPlanned);
      onApply();
      return jobView(started);
    },

    /** The catalog as a Shopify product CSV (decision 043, "Export format"). */
    async exportCsv(): Promise<string> {
      const products = await catalogAdmin.fileProducts();
      const sources = await images.sourceUrlsFor(products.map((product) => product.id));
      return exportCatalogCsv(
        products.map((product) => toCatalogCsvProduct(product, sources.get(product.id), publicUrl)),
      );
    },
  };
}
