import { AuditListQuerySchema, AuditPageSchema, ErrorBodySchema } from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditService } from './audit.service.ts';
import { pageAnswer } from '../../lib/admin-page.ts';

const tags = ['admin: audit'];
const E = ErrorBodySchema;

/** The audit log, read by the owner (issue 9: "readable in the back office by the owner"). */
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
          response: { 200: AuditPageSchema, 400: E, 401: E, 403: E },
        },
      },
      async (request) => pageAnswer(request.query, await audit.list(request.query)),
    );
  };
}
