import { createHash, timingSafeEqual } from 'node:crypto';
import { ACCOUNT_MESSAGES } from '@shopper/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../lib/app-error.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read GET /metrics (decision 013): anyone outside production; in
 * production only `Authorization: Bearer $METRICS_TOKEN`, and without a token nobody (the route
 * is not served). Metrics name every route, its traffic and the process's memory.
 */
export function metricsAccess(config: Pick<Config, 'isProduction' | 'metricsToken'>) {
  if (!config.isProduction) return { isServed: true as const, onRequest: [] };
  const token = config.metricsToken;
  if (!token) return { isServed: false as const };
  const expected = digest(token);
  return {
    isServed: true as const,
    onRequest: [
      async (request: FastifyRequest, reply: FastifyReply) => {
        const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
        // Digests of equal length, compared in constant time: the answer's timing says nothing of the token.
        if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
          void reply.header('www-authenticate', 'Bearer');
          throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.authenticationRequired);
        }
      },
    ],
  };
}
