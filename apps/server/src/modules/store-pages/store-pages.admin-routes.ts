import {
  AdminStorePageAnswerSchema,
  AdminStorePageListAnswerSchema,
  STORE_PAGE_MESSAGES,
  StorePageBodySchema,
  StorePageSlugParamsSchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors } from '../../lib/admin-responses.ts';
import { staffOf } from '../../plugins/back-office-guard.ts';
import type { StorePagesService } from './store-pages.service.ts';

/**
 * The store pages in the back office: only the owner edits what the shop promises its customers.
 * Each save is audited; the audit log filtered on the page is its history. Under /api/admin/pages.
 */
export function storePagesAdminRoutes({ storePages }: { storePages: StorePagesService }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin: pages'];
    app.get(
      '/',
      {
        config: { minRole: 'owner' },
        schema: {
          tags,
          summary: 'Every store page with its Markdown',
          response: { 200: AdminStorePageListAnswerSchema, ...adminErrors() },
        },
      },
      async () => ({ success: true as const, pages: await storePages.list() }),
    );
    app.get(
      '/:slug',
      {
        config: { minRole: 'owner' },
        schema: {
          tags,
          summary: 'One store page with its Markdown',
          params: StorePageSlugParamsSchema,
          response: { 200: AdminStorePageAnswerSchema, ...adminErrors(400, 404) },
        },
      },
      async (request) => ({ success: true as const, page: await storePages.adminPage(request.params.slug) }),
    );
    app.put(
      '/:slug',
      {
        config: { minRole: 'owner' },
        schema: {
          tags,
          summary: 'Save a store page (owner only, audited)',
          params: StorePageSlugParamsSchema,
          body: StorePageBodySchema,
          response: { 200: AdminStorePageAnswerSchema, ...adminErrors(400, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        message: STORE_PAGE_MESSAGES.saved,
        page: await storePages.update(staffOf(request).id, request.params.slug, request.body),
      }),
    );
  };
}
