import { ACCOUNT_MESSAGES } from '@shopper/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { authOf } from '../../plugins/auth.ts';

export type PerUserLimit = { max: number; windowMs: number };

/**
 * Payment intents one customer may ask for per window (issue 8, item 5): each may cost the card
 * provider an API call. A checkout asks once, again after a decline or a changed cart.
 */
export const PAYMENT_INTENTS_PER_USER: PerUserLimit = { max: 20, windowMs: 15 * 60_000 };

/**
 * An onRequest hook, after authentication, counting one attempt per signed-in customer with
 * @fastify/rate-limit's store (Redis when REDIS_URL is set, so every instance shares the count).
 */
export function perUserRateLimit(
  app: FastifyInstance,
  name: string,
  rule: PerUserLimit,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const counter = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => `${name}:user:${authOf(request).userId}`,
  });
  return async (request, reply) => {
    let result: Awaited<ReturnType<typeof counter>>;
    try {
      result = await counter(request);
    } catch (error) {
      // A store outage must not stop every checkout; it is logged and the attempt allowed.
      request.log.warn({ err: error }, 'rate limit store unavailable');
      return;
    }
    if (!result.isAllowed && result.isExceeded) {
      void reply.header('retry-after', String(result.ttlInSeconds));
      throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.tooManyRequests);
    }
  };
}
