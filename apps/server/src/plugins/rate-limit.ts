import rateLimit from '@fastify/rate-limit';
import { ACCOUNT_MESSAGES } from '@shopper/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.ts';
import { hashToken } from '../lib/opaque-tokens.ts';

export type RateLimitRule = { max: number; windowMs: number };
export const RATE_LIMITED_ACTIONS = [
  'login',
  'signup',
  'forgotPassword',
  'requestVerification',
  'resetPassword',
] as const;
export type RateLimitedAction = (typeof RATE_LIMITED_ACTIONS)[number];
export type RateLimits = Record<RateLimitedAction, { perIp: RateLimitRule; perAccount: RateLimitRule }>;

const MINUTE = 60_000;

/**
 * Production limits, per client IP and per account (the email, or the reset token's hash). Guessing
 * passwords or flooding someone's inbox is slowed per account even when spread over many IPs; the
 * per-IP limit is looser because a household or an office shares one address.
 */
export const RATE_LIMITS: RateLimits = {
  login: { perIp: { max: 30, windowMs: 15 * MINUTE }, perAccount: { max: 10, windowMs: 15 * MINUTE } },
  signup: { perIp: { max: 10, windowMs: 60 * MINUTE }, perAccount: { max: 5, windowMs: 60 * MINUTE } },
  forgotPassword: { perIp: { max: 10, windowMs: 15 * MINUTE }, perAccount: { max: 3, windowMs: 15 * MINUTE } },
  requestVerification: { perIp: { max: 10, windowMs: 15 * MINUTE }, perAccount: { max: 3, windowMs: 15 * MINUTE } },
  resetPassword: { perIp: { max: 20, windowMs: 15 * MINUTE }, perAccount: { max: 5, windowMs: 15 * MINUTE } },
};

/** The production limits with every maximum multiplied, for load tests and browser test suites. */
export function scaleRateLimits(limits: RateLimits, factor: number): RateLimits {
  const scale = (rule: RateLimitRule): RateLimitRule => ({ ...rule, max: rule.max * factor });
  return Object.fromEntries(
    Object.entries(limits).map(([action, rule]) => [
      action,
      { perIp: scale(rule.perIp), perAccount: scale(rule.perAccount) },
    ]),
  ) as RateLimits;
}

export type RateLimitSettings = {
  limits: RateLimits;
  /** Set: counters live in Redis, shared by every instance (DESIGN.md). Unset: in memory. */
  redisUrl: string | undefined;
  /** Prefix of the Redis keys. */
  nameSpace?: string;
};

/** A preHandler (it needs the parsed body) counting one attempt per IP and per account. */
export type RateLimitGuard = (
  action: RateLimitedAction,
  accountKey: (request: FastifyRequest) => string,
) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export async function installRateLimits(app: FastifyInstance, settings: RateLimitSettings): Promise<RateLimitGuard> {
  const redis = settings.redisUrl
    ? new Redis(settings.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000 })
    : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit Redis connection error'));
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  }
  await app.register(rateLimit, { global: false, redis, nameSpace: settings.nameSpace ?? 'shopper-rate-limit:' });

  // createRateLimit's key generator only sees the request; the account key is computed once per request.
  const accountKeys = new WeakMap<FastifyRequest, string>();
  const counters = new Map<string, ReturnType<FastifyInstance['createRateLimit']>>();
  for (const action of RATE_LIMITED_ACTIONS) {
    for (const scope of ['perIp', 'perAccount'] as const) {
      const rule = settings.limits[action][scope];
      counters.set(
        `${action}:${scope}`,
        app.createRateLimit({
          max: rule.max,
          timeWindow: rule.windowMs,
          keyGenerator: (request) =>
            scope === 'perIp' ? `${action}:ip:${request.ip}` : `${action}:account:${accountKeys.get(request) ?? ''}`,
        }),
      );
    }
  }

  return (action, accountKey) => async (request, reply) => {
    // Hashed: Redis keys carry no email address or reset token.
    accountKeys.set(request, hashToken(accountKey(request)));
    for (const scope of ['perIp', 'perAccount'] as const) {
      const counter = counters.get(`${action}:${scope}`);
      if (!counter) continue;
      let result: Awaited<ReturnType<typeof counter>>;
      try {
        result = await counter(request);
      } catch (error) {
        // A Redis outage must not lock every customer out; it is logged and the attempt allowed.
        request.log.warn({ err: error }, 'rate limit store unavailable');
        return;
      }
      if (!result.isAllowed && result.isExceeded) {
        void reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.tooManyRequests);
      }
    }
  };
}
