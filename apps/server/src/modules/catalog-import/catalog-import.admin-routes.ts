import multipart from '@fastify/multipart';
import {
  ADMIN_CATALOG_MESSAGES,
  CATALOG_IMPORT_MESSAGES as M,
  CatalogImportAnswerSchema,
  CatalogImportLinesPageSchema,
  CatalogImportLinesQuerySchema,
  CategorySchema,
  type Category,
} from '@shopper/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminErrors } from '../../lib/admin-responses.ts';
import { pageAnswer } from '../../lib/admin-page.ts';
import { AppError } from '../../lib/app-error.ts';
import { staffOf } from '../../plugins/back-office-guard.ts';
import { type RateLimiter, tooManyRequests } from '../../plugins/rate-limit.ts';
import type { CatalogImportAdminService } from './catalog-import.admin-service.ts';

const tags = ['admin: products'];
const IdParams = z.object({ id: z.string().max(100) });
/** Where the import's routes answered before they had the catalog import's own name. */
const FORMER_PREFIX = '/products/import';
const PREFIX = '/catalog-import';
/** Where the route table mounts this plugin (routes.ts, BACK_OFFICE_PREFIX). */
const ADMIN = '/api/admin';

const fieldError = (param: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ param, msg: message }]);

/**
 * The multipart upload of an import: the optional `defaultCategory` field, then `file`. The file
 * is read into memory up to the limit and no further; anything malformed is the client's mistake.
 */
async function readUpload(
  request: FastifyRequest,
  maxMegabytes: number,
): Promise<{ bytes: Buffer; fileName: string | undefined; defaultCategory: Category | undefined }> {
  if (!request.isMultipart()) throw fieldError('file', M.fileMissing);
  let defaultCategory: Category | undefined;
  let upload: { bytes: Buffer; fileName: string | undefined } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== 'defaultCategory' || part.value === '') continue;
        const category = CategorySchema.safeParse(part.value);
        if (!category.success) throw fieldError('defaultCategory', ADMIN_CATALOG_MESSAGES.categoryInvalid);
        defaultCategory = category.data;
      } else if (part.fieldname === 'file' && !upload) {
        upload = { bytes: await part.toBuffer(), fileName: part.filename };
      } else {
        await part.toBuffer();
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('file', M.fileTooLarge(maxMegabytes));
    // Cut short, no boundary, too many parts: never a 500.
    throw fieldError('file', M.fileMissing);
  }
  if (!upload) throw fieldError('file', M.fileMissing);
  return { ...upload, defaultCategory };
}

/**
 * The catalog import (decision 043): the dry run, the job's progress and report, and the apply under
 * /api/admin/catalog-import; the export at /api/admin/products/export.csv, beside the catalog's own
 * routes. Staff. The import's former addresses under /api/admin/products/import answer 308 to the
 * same request at its address now, so a script written against them keeps working.
 */
export function catalogImportAdminRoutes({
  catalogImportAdmin,
  maxMegabytes,
  rateLimiter,
}: {
  catalogImportAdmin: CatalogImportAdminService;
  maxMegabytes: number;
  rateLimiter: Pick<RateLimiter, 'counters'>;
}): FastifyPluginAsyncZod {
  const starts = rateLimiter.counters.catalogImportsPerStaff;
  return async (app) => {
    await app.register(multipart, {
      limits: {
        fileSize: maxMegabytes * 1024 * 1024,
        files: 1,
        fields: 2,
        parts: 3,
        fieldSize: 100,
        headerPairs: 50,
      },
    });

    app.post(
      PREFIX,
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary:
            'Check a Shopify product CSV (multipart: optional field "defaultCategory", then "file"): the dry run, which writes nothing of the catalog',
          description:
            'Answers the import job, status planned, with its counts; GET /catalog-import/{id}/lines pages the report by line. A file refused as a whole (too large, not UTF-8, unreadable CSV, too many rows or columns) is a 400 naming why.',
          consumes: ['multipart/form-data'],
          response: { 201: CatalogImportAnswerSchema, ...adminErrors(400, 429) },
        },
      },
      async (request, reply) => {
        const actorId = staffOf(request).id;
        // Counted before the file is read: a burst of large uploads is stopped before it costs anything.
        const { count, msBeforeReset } = await starts.hit(actorId);
        if (count > starts.rule.max) throw tooManyRequests(msBeforeReset);
        const upload = await readUpload(request, maxMegabytes);
        const job = await catalogImportAdmin.plan({ actorId, ...upload });
        return reply.code(201).send({ success: true as const, import: job });
      },
    );

    app.get(
      `${PREFIX}/:id`,
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'An import job: its status and counts (polled while it is applying)',
          params: IdParams,
          response: { 200: CatalogImportAnswerSchema, ...adminErrors(404) },
        },
      },
      async (request) => ({ success: true as const, import: await catalogImportAdmin.get(request.params.id) }),
    );

    app.get(
      `${PREFIX}/:id/lines`,
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: "An import's report, one line per product of the file, in file order, optionally of one action",
          params: IdParams,
          querystring: CatalogImportLinesQuerySchema,
          response: { 200: CatalogImportLinesPageSchema, ...adminErrors(400, 404) },
        },
      },
      async (request) => pageAnswer(request.query, await catalogImportAdmin.lines(request.params.id, request.query)),
    );

    app.post(
      `${PREFIX}/:id/apply`,
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Apply a planned import in the background; answers at once (202), then poll the job',
          description: '409 when another import is applying or this one was already applied.',
          params: IdParams,
          response: { 202: CatalogImportAnswerSchema, ...adminErrors(404, 409) },
        },
      },
      async (request, reply) => {
        const job = await catalogImportAdmin.apply(request.params.id, staffOf(request).id);
        return reply.code(202).send({ success: true as const, import: job });
      },
    );

    for (const [method, path] of [
      ['POST', ''],
      ['GET', '/:id'],
      ['GET', '/:id/lines'],
      ['POST', '/:id/apply'],
    ] as const) {
      app.route({
        method,
        url: `${FORMER_PREFIX}${path}`,
        config: { minRole: 'staff' },
        schema: { hide: true },
        // 308 keeps the method and the body, so even the upload arrives whole at the new address.
        handler: (request, reply) =>
          reply.redirect(request.url.replace(`${ADMIN}${FORMER_PREFIX}`, `${ADMIN}${PREFIX}`), 308),
      });
    }

    app.get(
      '/products/export.csv',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Download the catalog as a Shopify product CSV (hidden colours left out)',
          description:
            'Answers text/csv as an attachment: one row per variant, products in handle order; an imported picture is named by the address it came from.',
          produces: ['text/csv'],
          // 200 is CSV text, not JSON: left out here so it is sent as written.
          response: { ...adminErrors() },
        },
      },
      async (_request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="products.csv"')
          .header('cache-control', 'no-store')
          // The typed reply only knows the JSON error bodies; the CSV is sent as it is.
          .send((await catalogImportAdmin.exportCsv()) as never),
    );
  };
}
