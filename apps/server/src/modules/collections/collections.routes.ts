import {
  CategoryProductListQuerySchema,
  CollectionAnswerSchema,
  CollectionSlugParamsSchema,
  ErrorBodySchema,
  HomeSectionsAnswerSchema,
  ProductListSchema,
} from '@shopper/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { SURROGATE_KEYS as KEYS } from '../../lib/surrogate-keys.ts';
import type { MarkShareable } from '../../plugins/shared-cache.ts';
import type { CatalogReadCache } from '../catalog/index.ts';
import type { CollectionsService } from './collections.service.ts';

const tags = ['collections'];

type Deps = {
  collections: CollectionsService;
  catalogCache: CatalogReadCache;
  /** Files guest answers in a shared cache in front under their surrogate keys (decisions 063 and 068). */
  markShareable: MarkShareable;
};

/**
 * Kept in the catalog's read cache like every catalog answer: dropped on any catalog or collection
 * change. Guest answers are shared by a cache in front under `keys`, which the collection triggers
 * and the products' purge (through `all-products`) reach.
 */
async function sendCachedJson<T extends z.ZodType>(
  { catalogCache, markShareable }: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  [key, keys]: [string, string[]],
  schema: T,
  produce: () => Promise<z.input<T>>,
): Promise<FastifyReply> {
  const bytes = await catalogCache.json(key, schema, produce);
  markShareable(request, reply, keys);
  return reply.type('application/json; charset=utf-8').send(bytes);
}

/**
 * A visible collection and its products with the listing's filters, sort and paging, under
 * /api/collections. A hidden collection, or one outside its dates, is not found.
 */
export function collectionsRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { collections } = deps;
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
      async (request, reply) => {
        const { slug } = request.params;
        return sendCachedJson(
          deps,
          request,
          reply,
          [`collection:${slug}`, [KEYS.collection(slug)]],
          CollectionAnswerSchema,
          async () => ({ success: true as const, collection: await collections.bySlug(slug) }),
        );
      },
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
        const { slug } = request.params;
        const key = `collection-products:${slug}:${JSON.stringify(request.query)}`;
        // Its products change with any product (a rule reads them all): `all-products` purges it then.
        const keys = [KEYS.collection(slug), KEYS.allProducts];
        return sendCachedJson(deps, request, reply, [key, keys], ProductListSchema, async () => ({
          success: true as const,
          ...(await collections.products(slug, request.query)),
        }));
      },
    );
  };
}

/** The home page's sections staff chose, under /api/home-sections; nothing chosen is the default home page. */
export function homeSectionsRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { collections } = deps;
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
      async (request, reply) =>
        sendCachedJson(
          deps,
          request,
          reply,
          ['home-sections', [KEYS.collections, KEYS.allProducts]],
          HomeSectionsAnswerSchema,
          async () => ({ success: true as const, ...(await collections.homeSections()) }),
        ),
    );
  };
}
