import { BackOfficeLinkAnswerSchema } from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Public: the /admin page (docs/product.md#admin-page) links "the admin panel login" here (ADMIN_URL). */
export function backOfficeRoutes({ adminUrl }: { adminUrl: string }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/back-office',
      {
        schema: {
          tags: ['back office'],
          summary: 'Where the back office is served (ADMIN_URL, default $PUBLIC_URL/dashboard)',
          response: { 200: BackOfficeLinkAnswerSchema },
        },
      },
      async () => ({ success: true as const, url: adminUrl }),
    );
  };
}
