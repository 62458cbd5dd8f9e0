import type { Category } from '@shopper/contract';
import {
  CATEGORIES,
  CategoriesAnswerSchema,
  CategoryProductListQuerySchema,
  ErrorBodySchema,
  MESSAGES,
  ProductAnswerSchema,
  ProductCollectionSchema,
  ProductFacetsQuerySchema,
  ProductFacetsSchema,
  ProductListQuerySchema,
  ProductListSchema,
  SearchSuggestionsQuerySchema,
  SearchSuggestionsSchema,
} from '@shopper/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { SURROGATE_KEYS as KEYS } from '../../lib/surrogate-keys.ts';
import type { MarkShareable } from '../../plugins/shared-cache.ts';
import type { CatalogReadCache } from './catalog-read-cache.ts';
import type { CatalogService } from './catalog.service.ts';
import type { CategoriesService } from './categories.service.ts';
import { suggestionText } from './search-suggestions.ts';

const tags = ['catalog'];
const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema };
const Param = z.string().min(1).max(200);

/** Unknown categories are a missing page (404), not a malformed request. */
function requireCategory(value: string): Category {
  const category = value.toLowerCase();
  if (!(CATEGORIES as readonly string[]).includes(category)) {
    throw new AppError('NOT_FOUND', MESSAGES.categoryNotFound(value));
  }
  return category as Category;
}

export function catalogRoutes({
  catalog,
  categories,
  catalogCache,
  markShareable,
}: {
  catalog: CatalogService;
  categories: CategoriesService;
  catalogCache: CatalogReadCache;
  /** Files guest answers in a shared cache in front under their surrogate keys (decision 063). */
  markShareable: MarkShareable;
}): FastifyPluginAsyncZod {
  /**
   * Every catalog GET answers this way: the JSON bytes kept under `key`, made by `produce` and checked
   * against `schema` on a miss. Fastify writes a Buffer untouched, so the typed reply (and its
   * serializer) is bypassed on purpose: the bytes were checked when they were made. `keys` are the
   * surrogate keys a catalog change purges the answer by.
   */
  async function sendCachedJson<T extends z.ZodType>(
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

  return async (app) => {
    app.get(
      '/categories',
      {
        schema: {
          tags,
          summary: 'The categories (men, women, kids) with the banner image of each category page',
          response: { 200: CategoriesAnswerSchema },
        },
      },
      async (request, reply) => {
        return sendCachedJson(request, reply, ['categories', [KEYS.categories]], CategoriesAnswerSchema, async () => ({
          success: true as const,
          categories: await categories.list(),
        }));
      },
    );

    app.get(
      '/all-products',
      {
        schema: {
          tags,
          summary: 'List products with filters, search, sort and paging',
          querystring: ProductListQuerySchema,
          response: { 200: ProductListSchema, ...errors },
        },
      },
      async (request, reply) => {
        return sendCachedJson(
          request,
          reply,
          [`list:${JSON.stringify(request.query)}`, [KEYS.allProducts]],
          ProductListSchema,
          async () => ({
            success: true as const,
            ...(await catalog.list(request.query)),
          }),
        );
      },
    );

    app.get(
      '/category/:category',
      {
        schema: {
          tags,
          summary: 'List the products of one category (men, women, kids)',
          params: z.object({ category: Param }),
          querystring: CategoryProductListQuerySchema,
          response: { 200: ProductListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const query = { ...request.query, category: requireCategory(request.params.category) };
        return sendCachedJson(
          request,
          reply,
          [`list:${JSON.stringify(query)}`, [KEYS.category(query.category)]],
          ProductListSchema,
          async () => ({
            success: true as const,
            ...(await catalog.list(query)),
          }),
        );
      },
    );

    app.get(
      '/facets',
      {
        schema: {
          tags,
          summary: 'Filter values available for a listing (types, sizes, brands, top price)',
          querystring: ProductFacetsQuerySchema,
          response: { 200: ProductFacetsSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { category } = request.query;
        return sendCachedJson(
          request,
          reply,
          [`facets:${category ?? ''}`, [category ? KEYS.category(category) : KEYS.allProducts]],
          ProductFacetsSchema,
          async () => ({
            success: true as const,
            ...(await catalog.facets(category)),
          }),
        );
      },
    );

    app.get(
      '/suggestions',
      {
        schema: {
          tags,
          summary: 'What the search box suggests while the shopper types: matching products and categories',
          description:
            'Misspelt words are corrected as in the listing. Answers come from the catalog cache, keyed by the words of `q`.',
          querystring: SearchSuggestionsQuerySchema,
          response: { 200: SearchSuggestionsSchema, ...errors },
        },
      },
      async (request, reply) => {
        const text = suggestionText(request.query.q);
        return sendCachedJson(
          request,
          reply,
          [`suggest:${text}`, [KEYS.allProducts, KEYS.categories]],
          SearchSuggestionsSchema,
          async () => ({
            success: true as const,
            ...(await catalog.suggestions(await categories.list(), text)),
          }),
        );
      },
    );

    app.get(
      '/featured-women',
      {
        schema: {
          tags,
          summary: "'Popular For Women': the best-rated women's products",
          response: { 200: ProductCollectionSchema },
        },
      },
      async (request, reply) => {
        return sendCachedJson(
          request,
          reply,
          ['featured-women', [KEYS.allProducts]],
          ProductCollectionSchema,
          async () => ({
            success: true as const,
            products: await catalog.featuredWomen(),
          }),
        );
      },
    );

    app.get(
      '/newcollection',
      {
        schema: { tags, summary: "'New Collection': the newest products", response: { 200: ProductCollectionSchema } },
      },
      async (request, reply) => {
        return sendCachedJson(
          request,
          reply,
          ['newcollection', [KEYS.allProducts]],
          ProductCollectionSchema,
          async () => ({
            success: true as const,
            products: await catalog.newCollection(),
          }),
        );
      },
    );

    app.get(
      '/related/:category/:excludeId',
      {
        schema: {
          tags,
          summary: 'Products of a category related to one product, which is left out',
          params: z.object({ category: Param, excludeId: Param }),
          response: { 200: ProductCollectionSchema, ...errors },
        },
      },
      async (request, reply) => {
        const category = requireCategory(request.params.category);
        const { excludeId } = request.params;
        return sendCachedJson(
          request,
          reply,
          [`related:${category}:${excludeId}`, [KEYS.category(category)]],
          ProductCollectionSchema,
          async () => ({
            success: true as const,
            products: await catalog.related(category, excludeId),
          }),
        );
      },
    );

    app.get(
      '/slug/:slug',
      {
        schema: {
          tags,
          summary: 'One product by its slug',
          params: z.object({ slug: Param }),
          response: { 200: ProductAnswerSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { slug } = request.params;
        return sendCachedJson(
          request,
          reply,
          [`slug:${slug}`, [KEYS.productSlug(slug)]],
          ProductAnswerSchema,
          async () => ({
            success: true as const,
            product: await catalog.getBySlug(slug),
          }),
        );
      },
    );

    app.get(
      '/:id',
      {
        schema: {
          tags,
          summary: 'One product by its id',
          params: z.object({ id: Param }),
          response: { 200: ProductAnswerSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        return sendCachedJson(request, reply, [`id:${id}`, [KEYS.product(id)]], ProductAnswerSchema, async () => ({
          success: true as const,
          product: await catalog.getById(id),
        }));
      },
    );
  };
}
