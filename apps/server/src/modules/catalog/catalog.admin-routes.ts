import multipart from '@fastify/multipart';
import {
  AdminProductAnswerSchema,
  AdminProductListQuerySchema,
  AdminProductListSchema,
  ProductCreateBodySchema,
  ProductGalleryBodySchema,
  ProductStatusBodySchema,
  ProductUpdateBodySchema,
  SlugCheckAnswerSchema,
  SlugCheckQuerySchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOf } from '../../plugins/back-office-guard.ts';
import type { CatalogAdminService } from './catalog.admin-service.ts';
import { uploadedFile } from './uploaded-file.ts';
import { adminErrors } from '../../lib/admin-responses.ts';

const tags = ['admin: products'];
const IdParams = z.object({ id: z.string().max(100) });

/** Products in the back office (docs/product.md#back-office): list, edit, publish, archive and galleries; a product's colours are `colours.admin-routes.ts`. Staff and owner. */
export function catalogAdminRoutes({
  catalogAdmin,
  imageUploadMaxBytes,
}: {
  catalogAdmin: CatalogAdminService;
  imageUploadMaxBytes: number;
}): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: imageUploadMaxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 50 },
    });
    app.get(
      '/',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Products of every status: search (name, slug, brand), filter, sort and page',
          querystring: AdminProductListQuerySchema,
          response: { 200: AdminProductListSchema, ...adminErrors(400) },
        },
      },
      async (request) => ({ success: true as const, ...(await catalogAdmin.list(request.query)) }),
    );

    app.get(
      '/slug-check',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Whether a slug is well-formed and free (excludeId: the product being edited)',
          querystring: SlugCheckQuerySchema,
          response: { 200: SlugCheckAnswerSchema, ...adminErrors(400) },
        },
      },
      async (request) => catalogAdmin.checkSlug(request.query.slug, request.query.excludeId),
    );

    app.get(
      '/:id',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'One product with its sizes, stock and gallery',
          params: IdParams,
          response: { 200: AdminProductAnswerSchema, ...adminErrors(404) },
        },
      },
      async (request) => ({ success: true as const, product: await catalogAdmin.get(request.params.id) }),
    );

    app.post(
      '/',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Create a product (a draft unless status says published); slug made from the name when omitted',
          body: ProductCreateBodySchema,
          response: { 201: AdminProductAnswerSchema, ...adminErrors(400, 409) },
        },
      },
      async (request, reply) => {
        const product = await catalogAdmin.create(staffOf(request).id, request.body);
        return reply.code(201).send({ success: true as const, product });
      },
    );

    app.patch(
      '/:id',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Edit any product fields; sizes in picker order (a removed size must have no stock)',
          params: IdParams,
          body: ProductUpdateBodySchema,
          response: { 200: AdminProductAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request) => ({
        success: true as const,
        product: await catalogAdmin.update(staffOf(request).id, request.params.id, request.body),
      }),
    );

    app.put(
      '/:id/status',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Publish, unpublish (draft) or archive; only published products are in the storefront',
          params: IdParams,
          body: ProductStatusBodySchema,
          response: { 200: AdminProductAnswerSchema, ...adminErrors(400, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        product: await catalogAdmin.setStatus(staffOf(request).id, request.params.id, request.body.status),
      }),
    );

    app.post(
      '/:id/images',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Upload an image (multipart field "file": JPEG, PNG, WebP or AVIF); re-encoded to WebP/AVIF widths',
          consumes: ['multipart/form-data'],
          params: IdParams,
          response: { 201: AdminProductAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request, reply) => {
        const actor = staffOf(request).id;
        const bytes = await uploadedFile(request, imageUploadMaxBytes);
        const product = await catalogAdmin.addImage(actor, request.params.id, bytes);
        return reply.code(201).send({ success: true as const, product });
      },
    );

    app.put(
      '/:id/images',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Set the gallery: order, main image; images left out are deleted',
          params: IdParams,
          body: ProductGalleryBodySchema,
          response: { 200: AdminProductAnswerSchema, ...adminErrors(400, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        product: await catalogAdmin.setGallery(staffOf(request).id, request.params.id, request.body),
      }),
    );
  };
}
