import multipart from '@fastify/multipart';
import {
  AdminProductAnswerSchema,
  ColourCreateBodySchema,
  ColourOrderBodySchema,
  ColourUpdateBodySchema,
  ProductGalleryBodySchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminErrors } from '../../lib/admin-responses.ts';
import { staffOf } from '../../plugins/back-office-guard.ts';
import type { CatalogAdminService } from './catalog.admin-service.ts';
import { uploadedFile } from './uploaded-file.ts';

const tags = ['admin: products'];
const IdParams = z.object({ id: z.string().max(100) });
const ColourParams = z.object({ id: z.string().max(100), colourId: z.string().max(100) });

/**
 * A product's colours in the back office (docs/product.md#back-office, decision 043): add, reorder,
 * rename, hide, remove, and each colour's gallery. Each change answers the whole product, colours
 * included. Staff and owner.
 */
export function coloursAdminRoutes({
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

    app.post(
      '/:id/colours',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Add a colour, last in order, with its opening stock per size (sizes not named start at 0)',
          params: IdParams,
          body: ColourCreateBodySchema,
          response: { 201: AdminProductAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request, reply) => {
        const product = await catalogAdmin.colours.add(staffOf(request).id, request.params.id, request.body);
        return reply.code(201).send({ success: true as const, product });
      },
    );

    app.put(
      '/:id/colours/order',
      {
        config: { minRole: 'staff' },
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
        product: await catalogAdmin.colours.reorder(staffOf(request).id, request.params.id, request.body),
      }),
    );

    app.patch(
      '/:id/colours/:colourId',
      {
        config: { minRole: 'staff' },
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
        product: await catalogAdmin.colours.update(
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
        config: { minRole: 'staff' },
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
        product: await catalogAdmin.colours.remove(staffOf(request).id, request.params.id, request.params.colourId),
      }),
    );

    app.post(
      '/:id/colours/:colourId/images',
      {
        config: { minRole: 'staff' },
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
        const product = await catalogAdmin.addImage(actor, request.params.id, bytes, request.params.colourId);
        return reply.code(201).send({ success: true as const, product });
      },
    );

    app.put(
      '/:id/colours/:colourId/images',
      {
        config: { minRole: 'staff' },
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
        product: await catalogAdmin.setGallery(
          staffOf(request).id,
          request.params.id,
          request.body,
          request.params.colourId,
        ),
      }),
    );
  };
}
