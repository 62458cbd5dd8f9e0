import { AuditListQuerySchema, AuditPageSchema } from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditService } from './audit.service.ts';
import { pageAnswer } from '../../lib/admin-page.ts';
import { adminErrors } from '../../lib/admin-responses.ts';

const tags = ['admin: audit'];

/** The audit log, read by the owner (docs/product.md#audit-log: "readable in the back office by the owner"). */
export function auditAdminRoutes({ audit }: { audit: AuditService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/',
      {
        config: { minRole: 'owner' },
        schema: {
          tags,
          summary: 'Back-office changes, newest first; filter by actor or entity (owner only)',
          querystring: AuditListQuerySchema,
          response: { 200: AuditPageSchema, ...adminErrors(400) },
        },
      },
      async (request) => pageAnswer(request.query, await audit.list(request.query)),
    );
  };
}
