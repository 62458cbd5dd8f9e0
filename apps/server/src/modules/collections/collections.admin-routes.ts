import {
  AdminCollectionAnswerSchema,
  AdminCollectionDeletedAnswerSchema,
  AdminCollectionListAnswerSchema,
  AdminHomeSectionsAnswerSchema,
  COLLECTION_MESSAGES as M,
  CollectionBodySchema,
  HomeSectionsBodySchema,
  UuidParamSchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors } from '../../lib/admin-responses.ts';
import { staffOf } from '../../plugins/back-office-guard.ts';
import type { CollectionsAdminService } from './collections.admin-service.ts';

const tags = ['admin: collections'];

/**
 * Collections and the home page's sections in the back office (staff and owner), under
 * /api/admin/collections. Banners are uploaded with POST /api/admin/categories/banner-images.
 */
export function collectionsAdminRoutes({
  collectionsAdmin,
}: {
  collectionsAdmin: CollectionsAdminService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Every collection, hidden and scheduled ones too',
          response: { 200: AdminCollectionListAnswerSchema, ...adminErrors() },
        },
      },
      async () => ({ success: true as const, collections: await collectionsAdmin.list() }),
    );

    app.get(
      '/home-sections',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: "The home page's chosen hero and featured collections",
          response: { 200: AdminHomeSectionsAnswerSchema, ...adminErrors() },
        },
      },
      async () => ({ success: true as const, ...(await collectionsAdmin.homeSections()) }),
    );

    app.put(
      '/home-sections',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: "Choose the home page's hero and featured collections, in order (audited)",
          description: 'No hero and no featured collection gives the default home page.',
          body: HomeSectionsBodySchema,
          response: { 200: AdminHomeSectionsAnswerSchema, ...adminErrors(400) },
        },
      },
      async (request) => ({
        success: true as const,
        message: M.homeSaved,
        ...(await collectionsAdmin.setHomeSections(staffOf(request).id, request.body)),
      }),
    );

    app.post(
      '/',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Create a collection: hand-picked products in order, or a rule (audited)',
          body: CollectionBodySchema,
          response: { 201: AdminCollectionAnswerSchema, ...adminErrors(400, 409) },
        },
      },
      async (request, reply) => {
        const created = await collectionsAdmin.create(staffOf(request).id, request.body);
        return reply
          .code(201)
          .send({ success: true as const, message: M.created(created.collection.name), ...created });
      },
    );

    app.get(
      '/:id',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'One collection, with the names of its hand-picked products',
          params: UuidParamSchema,
          response: { 200: AdminCollectionAnswerSchema, ...adminErrors(400, 404) },
        },
      },
      async (request) => ({ success: true as const, ...(await collectionsAdmin.get(request.params.id)) }),
    );

    app.put(
      '/:id',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Replace a collection (audited with before and after)',
          params: UuidParamSchema,
          body: CollectionBodySchema,
          response: { 200: AdminCollectionAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request) => {
        const saved = await collectionsAdmin.update(staffOf(request).id, request.params.id, request.body);
        return { success: true as const, message: M.saved(saved.collection.name), ...saved };
      },
    );

    app.delete(
      '/:id',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Delete a collection; it leaves the home page sections too (audited)',
          params: UuidParamSchema,
          response: { 200: AdminCollectionDeletedAnswerSchema, ...adminErrors(400, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        message: M.deleted(await collectionsAdmin.remove(staffOf(request).id, request.params.id)),
      }),
    );
  };
}
