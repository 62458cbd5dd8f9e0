import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const StatusSchema = z.object({
  status: z.enum(['ok', 'unavailable', 'draining']),
  database: z.string().optional(),
});

export function healthRoutes({
  ping,
  databaseKind,
  isDraining,
}: {
  ping: () => Promise<void>;
  databaseKind: string;
  /** Shutting down: still serving what arrives, but asking the balancer to send nothing new. */
  isDraining: () => boolean;
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
          summary: 'Readiness: the database answers and the instance is not shutting down',
          description:
            '503 `unavailable` when the database does not answer; 503 `draining` from the SIGTERM that begins a graceful shutdown (requests are still served for SHUTDOWN_DRAIN_MS, then the port closes and in-flight requests finish).',
          response: { 200: StatusSchema, 503: StatusSchema },
        },
      },
      async (request, reply) => {
        if (isDraining()) return reply.status(503).send({ status: 'draining' as const, database: databaseKind });
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
