import { ADMIN_MESSAGES } from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../plugins/back-office-guard.ts';
import type { NewsletterAdminService } from './newsletter.admin-service.ts';
import { adminErrors } from '../../lib/admin-responses.ts';

/** The newsletter in the back office (owner only), under /api/admin/newsletter. */
export function newsletterAdminRoutes({
  newsletterAdmin,
}: {
  newsletterAdmin: NewsletterAdminService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/subscribers.csv',
      {
        config: { minRole: 'owner' },
        schema: {
          tags: ['admin: newsletter'],
          summary: 'Download the confirmed subscribers as CSV (email, confirmed_at), oldest first; owner only',
          description:
            'Answers text/csv as an attachment. Only double-opt-in confirmed addresses; each download is written to the audit log.',
          produces: ['text/csv'],
          // 200 is CSV text, not JSON: left out here so it is sent as written.
          response: { ...adminErrors() },
        },
      },
      async (request, reply) => {
        const { csv, count } = await newsletterAdmin.csv(staffOf(request).id);
        return (
          reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${ADMIN_MESSAGES.newsletterExportFile}"`)
            .header('cache-control', 'no-store')
            .header('x-subscriber-count', String(count))
            // The typed reply only knows the JSON error bodies; the CSV is sent as it is.
            .send(csv as never)
        );
      },
    );
  };
}
