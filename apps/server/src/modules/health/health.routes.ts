import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const StatusSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.string().optional() });

export function healthRoutes({
  ping,
  databaseKind,
}: {
  ping: () => Promise<void>;
  databaseKind: string;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      { schema: { tags: ['operations'], summary: 'Liveness: the process answers', response: { 200: StatusSchema } } },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/ready',
      {
        schema: {
          tags: ['operations'],
          summary: 'Readiness: the database answers',
          response: { 200: StatusSchema, 503: StatusSchema },
        },
      },
      async (request, reply) => {
        try {
          await ping();
          return { status: 'ok' as const, database: databaseKind };
        } catch (error) {
          request.log.warn({ err: error }, 'readiness check failed');
          // 503 tells a load balancer to route elsewhere; the process itself is healthy.
          return reply.status(503).send({ status: 'unavailable' as const, database: databaseKind });
        }
      },
    );
  };
}
