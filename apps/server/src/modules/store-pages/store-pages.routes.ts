import { ErrorBodySchema, StorePageAnswerSchema, StorePageSlugParamsSchema } from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StorePagesService } from './store-pages.service.ts';

/** The shop's own pages as visitors read them (the storefront renders `/pages/{slug}` from this). Under /api/pages. */
export function storePagesRoutes({ storePages }: { storePages: StorePagesService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/:slug',
      {
        schema: {
          tags: ['pages'],
          summary: 'A store page (terms, privacy, returns, shipping, size-guide, contact) as sanitised HTML',
          params: StorePageSlugParamsSchema,
          response: { 200: StorePageAnswerSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
        },
      },
      async (request) => ({ success: true as const, page: await storePages.page(request.params.slug) }),
    );
  };
}
