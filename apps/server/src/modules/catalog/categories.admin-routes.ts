import multipart from '@fastify/multipart';
import {
  ADMIN_MESSAGES,
  AdminCategoriesAnswerSchema,
  AdminCategoryAnswerSchema,
  BannerUploadAnswerSchema,
  BUILT_IN_BANNERS,
  CategoryBannerBodySchema,
  CategorySlugParamSchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../plugins/back-office-guard.ts';
import type { CategoriesAdminService } from './categories.admin-service.ts';
import { uploadedFile } from './uploaded-file.ts';
import { adminErrors } from '../../lib/admin-responses.ts';

const tags = ['admin: categories'];

/** Category banners in the back office (staff and owner), under /api/admin/categories. */
export function categoriesAdminRoutes({
  categoriesAdmin,
  imageUploadMaxBytes,
}: {
  categoriesAdmin: CategoriesAdminService;
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
          summary: 'The categories with their banners, and the built-in banners to choose from',
          response: { 200: AdminCategoriesAnswerSchema, ...adminErrors() },
        },
      },
      async () => ({
        success: true as const,
        categories: await categoriesAdmin.list(),
        builtInBanners: BUILT_IN_BANNERS.map((b) => ({ ...b })),
      }),
    );

    app.put(
      '/:slug/banner',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: "Set a category's banner: a built-in one, an uploaded one, or an https address",
          description: 'Audited; every instance shows the new banner at once.',
          params: CategorySlugParamSchema,
          body: CategoryBannerBodySchema,
          response: { 200: AdminCategoryAnswerSchema, ...adminErrors(400, 404) },
        },
      },
      async (request) => {
        const category = await categoriesAdmin.setBanner(staffOf(request).id, request.params.slug, request.body);
        return { success: true as const, message: ADMIN_MESSAGES.bannerSaved(category.name), category };
      },
    );

    app.post(
      '/banner-images',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Upload a banner picture (multipart field "file": JPEG, PNG, WebP or AVIF)',
          description: 'Re-encoded to WebP like product images; answers the address to choose with PUT …/banner.',
          consumes: ['multipart/form-data'],
          response: { 201: BannerUploadAnswerSchema, ...adminErrors(400) },
        },
      },
      async (request, reply) => {
        const banner = await categoriesAdmin.uploadBanner(await uploadedFile(request, imageUploadMaxBytes));
        return reply.code(201).send({ success: true as const, banner });
      },
    );
  };
}
