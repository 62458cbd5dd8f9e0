import { z } from 'zod';
import { adminPageSchema } from './common.ts';

/** A catalog import's life (decision 043): planned by the dry run, applied in the background. */
export const CATALOG_IMPORT_STATUSES = ['planned', 'applying', 'done', 'failed'] as const;
export type CatalogImportStatus = (typeof CATALOG_IMPORT_STATUSES)[number];
/** What the dry run decided for one product of the file. */
export const CATALOG_IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'refuse'] as const;
export type CatalogImportAction = (typeof CATALOG_IMPORT_ACTIONS)[number];
export const CATALOG_IMPORT_LINE_STATES = ['planned', 'done', 'failed'] as const;
/** The back office asks for progress this often while an import is applying. */
export const CATALOG_IMPORT_POLL_MS = 1_000;

/** An import job: what the file holds and how far applying it has come. */
export const CatalogImportSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.enum(CATALOG_IMPORT_STATUSES),
  totalProducts: z.number().int(),
  doneProducts: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  imagesFetched: z.number().int(),
  imagesSkipped: z.number().int(),
  /** Why a failed import stopped. */
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type CatalogImport = z.infer<typeof CatalogImportSchema>;

/** A reason a line of the file was refused: the file's line number and column, and the editor's words. */
export const CatalogImportReasonSchema = z.object({
  line: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type CatalogImportReason = z.infer<typeof CatalogImportReasonSchema>;

/** One product of the file, in the report. */
export const CatalogImportLineSchema = z.object({
  position: z.number().int(),
  handle: z.string(),
  /** The file's line where the product starts. */
  firstLine: z.number().int(),
  name: z.string(),
  action: z.enum(CATALOG_IMPORT_ACTIONS),
  /** For an update: the fields that change, e.g. `price`, `colour Sage`, `stock Sage / M`. */
  changes: z.array(z.string()),
  reasons: z.array(CatalogImportReasonSchema),
  state: z.enum(CATALOG_IMPORT_LINE_STATES),
  /** Once applied: the stock actually written and the pictures fetched or skipped, with why. */
  outcome: z
    .object({
      stockDelta: z.number().int(),
      imagesFetched: z.number().int(),
      imagesSkipped: z.array(z.object({ url: z.string(), reason: z.string() })),
      error: z.string().optional(),
    })
    .nullable(),
});
export type CatalogImportLine = z.infer<typeof CatalogImportLineSchema>;

export const CatalogImportAnswerSchema = z.object({ success: z.literal(true), import: CatalogImportSchema });
export type CatalogImportAnswer = z.infer<typeof CatalogImportAnswerSchema>;

/** GET /api/admin/catalog-import/{id}/lines. */
export const CatalogImportLinesQuerySchema = z.object({
  action: z.enum(CATALOG_IMPORT_ACTIONS).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const CatalogImportLinesPageSchema = adminPageSchema(CatalogImportLineSchema);
export type CatalogImportLinesPage = z.infer<typeof CatalogImportLinesPageSchema>;
