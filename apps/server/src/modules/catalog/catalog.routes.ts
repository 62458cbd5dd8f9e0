import type { Category } from '@shopper/contract';
import {
  CATEGORIES,
  CategoryProductListQuerySchema,
  ErrorBodySchema,
  MESSAGES,
  ProductAnswerSchema,
  ProductCollectionSchema,
  ProductFacetsQuerySchema,
  ProductFacetsSchema,
  ProductListQuerySchema,
  ProductListSchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { CatalogService } from './catalog.service.ts';

const tags = ['catalog'];
const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema };
const ListQuerySchema = ProductListQuerySchema;
const CategoryListQuerySchema = CategoryProductListQuerySchema;
const Param = z.string().min(1).max(200);

/** Unknown categories are a missing page (404), not a malformed request. */
function requireCategory(value: string): Category {
  const category = value.toLowerCase();
  if (!(CATEGORIES as readonly string[]).includes(category)) {
    throw new AppError('NOT_FOUND', MESSAGES.categoryNotFound(value));
  }
  return category as Category;
}

export function catalogRoutes({ catalog }: { catalog: CatalogService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/all-products',
      {
        schema: {
          tags,
          summary: 'List products with filters, search, sort and paging',
          querystring: ListQuerySchema,
          response: { 200: ProductListSchema, ...errors },
        },
      },
      async (request) => ({ success: true as const, ...(await catalog.list(request.query)) }),
    );

    app.get(
      '/category/:category',
      {
        schema: {
          tags,
          summary: 'List the products of one category (men, women, kids)',
          params: z.object({ category: Param }),
          querystring: CategoryListQuerySchema,
          response: { 200: ProductListSchema, ...errors },
        },
      },
      async (request) => {
        const category = requireCategory(request.params.category);
        return { success: true as const, ...(await catalog.list({ ...request.query, category })) };
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
      async (request) => ({ success: true as const, ...(await catalog.facets(request.query.category)) }),
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
      async () => ({ success: true as const, products: await catalog.featuredWomen() }),
    );

    app.get(
      '/newcollection',
      {
        schema: { tags, summary: "'New Collection': the newest products", response: { 200: ProductCollectionSchema } },
      },
      async () => ({ success: true as const, products: await catalog.newCollection() }),
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
      async (request) => {
        const category = requireCategory(request.params.category);
        return { success: true as const, products: await catalog.related(category, request.params.excludeId) };
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
      async (request) => ({ success: true as const, product: await catalog.getBySlug(request.params.slug) }),
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
      async (request) => ({ success: true as const, product: await catalog.getById(request.params.id) }),
    );
  };
}
