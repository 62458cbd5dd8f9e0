import {
  CategoryProductListQuerySchema,
  CollectionAnswerSchema,
  CollectionSlugParamsSchema,
  ErrorBodySchema,
  HomeSectionsAnswerSchema,
  ProductListSchema,
} from '@shopper/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { CatalogReadCache } from '../catalog/index.ts';
import type { CollectionsService } from './collections.service.ts';

const tags = ['collections'];

type Deps = { collections: CollectionsService; catalogCache: CatalogReadCache };

/** Kept in the catalog's read cache like every catalog answer: dropped on any catalog or collection change. */
async function sendCachedJson<T extends z.ZodType>(
  catalogCache: CatalogReadCache,
  reply: FastifyReply,
  key: string,
  schema: T,
  produce: () => Promise<z.input<T>>,
): Promise<FastifyReply> {
  const bytes = await catalogCache.json(key, schema, produce);
  return reply.type('application/json; charset=utf-8').send(bytes);
}

/**
 * A visible collection and its products with the listing's filters, sort and paging, under
 * /api/collections. A hidden collection, or one outside its dates, is not found.
 */
export function collectionsRoutes({ collections, catalogCache }: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/:slug',
      {
        schema: {
          tags,
          summary: 'A visible collection: its name, description and banner',
          params: CollectionSlugParamsSchema,
          response: { 200: CollectionAnswerSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
        },
      },
      async (request, reply) =>
        sendCachedJson(catalogCache, reply, `collection:${request.params.slug}`, CollectionAnswerSchema, async () => ({
          success: true as const,
          collection: await collections.bySlug(request.params.slug),
        })),
    );

    app.get(
      '/:slug/products',
      {
        schema: {
          tags,
          summary: "A visible collection's products, with the listing's filters, search, sort and paging",
          description:
            'Without a sort, hand-picked collections list in their chosen order, rule collections newest first.',
          params: CollectionSlugParamsSchema,
          querystring: CategoryProductListQuerySchema,
          response: { 200: ProductListSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const key = `collection-products:${request.params.slug}:${JSON.stringify(request.query)}`;
        return sendCachedJson(catalogCache, reply, key, ProductListSchema, async () => ({
          success: true as const,
          ...(await collections.products(request.params.slug, request.query)),
        }));
      },
    );
  };
}

/** The home page's sections staff chose, under /api/home-sections; nothing chosen is the default home page. */
export function homeSectionsRoutes({ collections, catalogCache }: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/',
      {
        schema: {
          tags,
          summary: "The home page's hero and featured collections, each visible one with its first products",
          response: { 200: HomeSectionsAnswerSchema },
        },
      },
      async (_request, reply) =>
        sendCachedJson(catalogCache, reply, 'home-sections', HomeSectionsAnswerSchema, async () => ({
          success: true as const,
          ...(await collections.homeSections()),
        })),
    );
  };
}
