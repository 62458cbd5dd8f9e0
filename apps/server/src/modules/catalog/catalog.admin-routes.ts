import multipart from '@fastify/multipart';
import {
  AdminProductAnswerSchema,
  AdminProductListQuerySchema,
  AdminProductListSchema,
  ColourCreateBodySchema,
  ColourOrderBodySchema,
  ColourUpdateBodySchema,
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
const ColourParams = z.object({ id: z.string().max(100), colourId: z.string().max(100) });

/** Products in the back office (docs/product.md#back-office): list, edit, publish, archive, colours and galleries. Staff and owner. */
export function catalogAdminRoutes({
  admin,
  imageUploadMaxBytes,
}: {
  admin: CatalogAdminService;
  imageUploadMaxBytes: number;
}): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: imageUploadMaxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 50 },
    });
    const staff = { minRole: 'staff' as const };

    app.get(
      '/',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Products of every status: search (name, slug, brand), filter, sort and page',
          querystring: AdminProductListQuerySchema,
          response: { 200: AdminProductListSchema, ...adminErrors(400) },
        },
      },
      async (request) => ({ success: true as const, ...(await admin.list(request.query)) }),
    );

    app.get(
      '/slug-check',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Whether a slug is well-formed and free (excludeId: the product being edited)',
          querystring: SlugCheckQuerySchema,
          response: { 200: SlugCheckAnswerSchema, ...adminErrors(400) },
        },
      },
      async (request) => admin.checkSlug(request.query.slug, request.query.excludeId),
    );

    app.get(
      '/:id',
      {
        config: staff,
        schema: {
          tags,
          summary: 'One product with its sizes, stock and gallery',
          params: IdParams,
          response: { 200: AdminProductAnswerSchema, ...adminErrors(404) },
        },
      },
      async (request) => ({ success: true as const, product: await admin.get(request.params.id) }),
    );

    app.post(
      '/',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Create a product (a draft unless status says published); slug made from the name when omitted',
          body: ProductCreateBodySchema,
          response: { 201: AdminProductAnswerSchema, ...adminErrors(400, 409) },
        },
      },
      async (request, reply) => {
        const product = await admin.create(staffOf(request).id, request.body);
        return reply.code(201).send({ success: true as const, product });
      },
    );

    app.patch(
      '/:id',
      {
        config: staff,
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
        product: await admin.update(staffOf(request).id, request.params.id, request.body),
      }),
    );

    app.put(
      '/:id/status',
      {
        config: staff,
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
        product: await admin.setStatus(staffOf(request).id, request.params.id, request.body.status),
      }),
    );

    app.post(
      '/:id/images',
      {
        config: staff,
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
        const product = await admin.addImage(actor, request.params.id, bytes);
        return reply.code(201).send({ success: true as const, product });
      },
    );

    app.put(
      '/:id/images',
      {
        config: staff,
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
        product: await admin.setGallery(staffOf(request).id, request.params.id, request.body),
      }),
    );

    // Colours (decision 043): each change answers the whole product, colours included.
    app.post(
      '/:id/colours',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Add a colour, last in order, with its opening stock per size (sizes not named start at 0)',
          params: IdParams,
          body: ColourCreateBodySchema,
          response: { 201: AdminProductAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request, reply) => {
        const product = await admin.colours.add(staffOf(request).id, request.params.id, request.body);
        return reply.code(201).send({ success: true as const, product });
      },
    );

    app.put(
      '/:id/colours/order',
      {
        config: staff,
        schema: {
          tags,
          summary:
            "Put the colours in this order (each of the product's colours once); the first visible is the default",
          params: IdParams,
          body: ColourOrderBodySchema,
          response: { 200: AdminProductAnswerSchema, ...adminErrors(400, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        product: await admin.colours.reorder(staffOf(request).id, request.params.id, request.body),
      }),
    );

    app.patch(
      '/:id/colours/:colourId',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Rename a colour (its slug follows), change its swatch, hide or show it; one colour stays visible',
          params: ColourParams,
          body: ColourUpdateBodySchema,
          response: { 200: AdminProductAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request) => ({
        success: true as const,
        product: await admin.colours.update(
          staffOf(request).id,
          request.params.id,
          request.params.colourId,
          request.body,
        ),
      }),
    );

    app.delete(
      '/:id/colours/:colourId',
      {
        config: staff,
        schema: {
          tags,
          summary:
            'Remove a colour with its stock and cart lines; refused while an open order holds it or when it is the last visible one',
          params: ColourParams,
          response: { 200: AdminProductAnswerSchema, ...adminErrors(404, 409) },
        },
      },
      async (request) => ({
        success: true as const,
        product: await admin.colours.remove(staffOf(request).id, request.params.id, request.params.colourId),
      }),
    );

    app.post(
      '/:id/colours/:colourId/images',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Upload an image to a colour\'s gallery (multipart field "file", as for the product\'s gallery)',
          consumes: ['multipart/form-data'],
          params: ColourParams,
          response: { 201: AdminProductAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request, reply) => {
        const actor = staffOf(request).id;
        const bytes = await uploadedFile(request, imageUploadMaxBytes);
        const product = await admin.addImage(actor, request.params.id, bytes, request.params.colourId);
        return reply.code(201).send({ success: true as const, product });
      },
    );

    app.put(
      '/:id/colours/:colourId/images',
      {
        config: staff,
        schema: {
          tags,
          summary:
            "Set a colour's gallery: order, main image; images left out are deleted unless another colour shows them",
          params: ColourParams,
          body: ProductGalleryBodySchema,
          response: { 200: AdminProductAnswerSchema, ...adminErrors(400, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        product: await admin.setGallery(staffOf(request).id, request.params.id, request.body, request.params.colourId),
      }),
    );
  };
}
