import { ACCOUNT_MESSAGES } from '@shopper/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterRes,
} from 'rate-limiter-flexible';
import { AppError } from '../lib/app-error.ts';
import { hashToken } from '../lib/opaque-tokens.ts';

export type RateLimitRule = { max: number; windowMs: number };

export const RATE_LIMIT_RULES = [
  'loginFailuresPerIp',
  'loginFailuresPerAccountAndIp',
  'loginFailuresPerDevice',
  'loginFailuresPerAccount',
  'loginSlowedAttemptsPerAccount',
  'signupPerIp',
  'signupPerAccount',
  'forgotPasswordPerIp',
  'forgotPasswordPerAccount',
  'requestVerificationPerIp',
  'requestVerificationPerAccount',
  'resetPasswordPerIp',
  'resetPasswordPerAccount',
  'passwordCheckFailuresPerSession',
  'passwordCheckFailuresPerUser',
  'passwordCheckFailuresPerIp',
  'reviewWritesPerUser',
  'paymentIntentsPerUser',
  'newsletterSubscribePerIp',
  'newsletterSubscribePerAccount',
  'backInStockPerIp',
  'backInStockPerAccount',
  'catalogImportsPerStaff',
  'guestCartsPerIp',
  'orderLookupsPerIp',
  'orderLookupsPerAccount',
] as const;
export type RateLimitName = (typeof RATE_LIMIT_RULES)[number];
export type RateLimits = Record<RateLimitName, RateLimitRule>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Production limits; the numbers and the reasoning are in decision 012. Per-IP limits are a
 * coarse abuse brake sized for many customers behind one address (campus, office, carrier NAT);
 * per-account limits are tight. Failed logins lock a (account, IP) pair, not the account: past
 * `loginFailuresPerAccount` the account is slowed to `loginSlowedAttemptsPerAccount` for clients
 * without its device cookie, never shut.
 */
export const RATE_LIMITS: RateLimits = {
  loginFailuresPerIp: { max: 100, windowMs: HOUR },
  loginFailuresPerAccountAndIp: { max: 10, windowMs: 15 * MINUTE },
  loginFailuresPerDevice: { max: 10, windowMs: 15 * MINUTE },
  loginFailuresPerAccount: { max: 10, windowMs: HOUR },
  loginSlowedAttemptsPerAccount: { max: 1, windowMs: 2 * MINUTE },
  signupPerIp: { max: 50, windowMs: HOUR },
  signupPerAccount: { max: 5, windowMs: HOUR },
  forgotPasswordPerIp: { max: 50, windowMs: HOUR },
  forgotPasswordPerAccount: { max: 3, windowMs: 15 * MINUTE },
  requestVerificationPerIp: { max: 50, windowMs: HOUR },
  requestVerificationPerAccount: { max: 3, windowMs: 15 * MINUTE },
  resetPasswordPerIp: { max: 50, windowMs: HOUR },
  resetPasswordPerAccount: { max: 5, windowMs: 15 * MINUTE },
  passwordCheckFailuresPerSession: { max: 5, windowMs: 15 * MINUTE },
  passwordCheckFailuresPerUser: { max: 10, windowMs: HOUR },
  passwordCheckFailuresPerIp: { max: 20, windowMs: 15 * MINUTE },
  reviewWritesPerUser: { max: 10, windowMs: HOUR },
  // A guest keeps one cart for weeks by its cookie; many new carts from one address are a script's (decision 072).
  guestCartsPerIp: { max: 100, windowMs: HOUR },
  // A lookup answers an order to whoever knows its email and number: guessing either is slowed to a crawl (decision 073).
  orderLookupsPerIp: { max: 30, windowMs: 15 * MINUTE },
  orderLookupsPerAccount: { max: 10, windowMs: 15 * MINUTE },
  // Each may cost the card provider an API call (decision 014).
  paymentIntentsPerUser: { max: 20, windowMs: 15 * MINUTE },
  // Each sends a mail to the address given: a brake on using the form to mail-bomb someone.
  newsletterSubscribePerIp: { max: 20, windowMs: HOUR },
  newsletterSubscribePerAccount: { max: 3, windowMs: HOUR },
  // A guest's "Notify me" mails the address given too; a shopper may ask for a few sizes at once.
  backInStockPerIp: { max: 20, windowMs: HOUR },
  backInStockPerAccount: { max: 10, windowMs: HOUR },
  // Each dry run reads up to CATALOG_IMPORT_MAX_MB and plans it on the instance (decision 045).
  catalogImportsPerStaff: { max: 10, windowMs: 10 * MINUTE },
};

/** The production limits with every maximum multiplied, for load tests and browser test suites. */
export function scaleRateLimits(limits: RateLimits, factor: number): RateLimits {
  return Object.fromEntries(
    Object.entries(limits).map(([name, rule]) => [name, { ...rule, max: rule.max * factor }]),
  ) as RateLimits;
}

/** The 429 with the clear message of docs/product.md#rate-limits, with `retry-after` in whole seconds. */
export function tooManyRequests(msBeforeReset: number): AppError {
  return new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.tooManyRequests, undefined, {
    retryAfterSeconds: Math.max(1, Math.ceil(msBeforeReset / 1000)),
  });
}

/** How many attempts a key has made in its current window, and when that window ends. */
export type Count = { count: number; msBeforeReset: number };

/** One rule's counters: a fixed window per key, in memory or in Redis. */
export type Counter = {
  rule: RateLimitRule;
  /** Counts one attempt and answers the count including it. */
  hit(key: string): Promise<Count>;
  /** Takes one attempt back (a login that turned out right does not count as a failure). */
  undo(key: string): Promise<void>;
  peek(key: string): Promise<Count>;
  clear(key: string): Promise<void>;
};

export type RateLimiter = {
  counters: Record<RateLimitName, Counter>;
  /** RATE_LIMIT_ALLOWLIST: addresses exempt from the per-IP rules. */
  isAllowlisted(ip: string): boolean;
  /** A preHandler (it needs the parsed body) counting one attempt per IP and per account. */
  guard: (
    action: GuardedAction,
    accountKey: (request: FastifyRequest) => string,
  ) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

export const GUARDED_ACTIONS = [
  'signup',
  'forgotPassword',
  'requestVerification',
  'resetPassword',
  'newsletterSubscribe',
  'backInStock',
  'orderLookups',
] as const;
export type GuardedAction = (typeof GUARDED_ACTIONS)[number];

export type RateLimitSettings = {
  limits: RateLimits;
  /** Set: counters live in Redis, shared by every instance (docs/architecture.md#data-flow). Unset: in memory. */
  redisUrl: string | undefined;
  /** Prefix of the Redis keys. */
  nameSpace?: string;
  isAllowlisted: (ip: string) => boolean;
  /** Told of every 429 a limit answered, with the route's pattern: the refusals metric. */
  onRefusal?: (route: string) => void;
};

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function counterOf(limiter: RateLimiterAbstract, rule: RateLimitRule, log: FastifyBaseLogger): Counter {
  const countOf = (res: RateLimiterRes | null): Count => ({
    count: res?.consumedPoints ?? 0,
    msBeforeReset: res?.msBeforeNext ?? 0,
  });
  // The store failing (Redis and its in-memory insurance both) must not lock every customer out:
  // the attempt is logged and allowed.
  async function safely<T>(what: string, operation: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      log.warn({ err: error, operation: what }, 'rate limit store unavailable');
      return fallback;
    }
  }
  const none: Count = { count: 0, msBeforeReset: 0 };
  return {
    rule,
    hit: async (key) => safely('hit', async () => countOf(await limiter.penalty(key, 1)), none),
    undo: async (key) => {
      await safely('undo', () => limiter.reward(key, 1), undefined);
    },
    peek: async (key) => safely('peek', async () => countOf(await limiter.get(key)), none),
    clear: async (key) => {
      await safely('clear', () => limiter.delete(key), false);
    },
  };
}

export async function installRateLimits(app: FastifyInstance, settings: RateLimitSettings): Promise<RateLimiter> {
  const redis = settings.redisUrl
    ? new Redis(settings.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000 })
    : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit Redis connection error'));
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  }
  const { onRefusal } = settings;
  if (onRefusal) {
    // Refusals are thrown from several modules (login, checkout, reviews…); all end as this error,
    // and an onError hook costs nothing on the requests that succeed.
    app.addHook('onError', async (request, _reply, error) => {
      if (error instanceof AppError && error.code === 'RATE_LIMITED') onRefusal(request.routeOptions.url ?? 'unknown');
    });
  }
  const nameSpace = settings.nameSpace ?? 'shopper-rate-limit:';
  const log = app.log.child({ module: 'rate-limit' });

  const counters = Object.fromEntries(
    RATE_LIMIT_RULES.map((name) => {
      const rule = settings.limits[name];
      const options = { keyPrefix: `${nameSpace}${name}`, points: rule.max, duration: seconds(rule.windowMs) };
      // With Redis down, each instance keeps counting in its own memory until it is back. At once:
      // asked while ioredis reconnects, a command would wait in its offline queue for a reconnect
      // attempt or two (seconds, once its backoff has grown) on every login and signup.
      const limiter = redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: redis,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
      return [name, counterOf(limiter, rule, log)];
    }),
  ) as Record<RateLimitName, Counter>;

  return {
    counters,
    isAllowlisted: settings.isAllowlisted,
    guard: (action, accountKey) => async (request) => {
      // Hashed: Redis keys carry no email address or reset token.
      const account = await counters[`${action}PerAccount`].hit(hashToken(accountKey(request)));
      const perIp = settings.isAllowlisted(request.ip) ? undefined : await counters[`${action}PerIp`].hit(request.ip);
      const over = [
        account.count > counters[`${action}PerAccount`].rule.max ? account.msBeforeReset : 0,
        perIp && perIp.count > counters[`${action}PerIp`].rule.max ? perIp.msBeforeReset : 0,
      ];
      if (Math.max(...over) > 0) throw tooManyRequests(Math.max(...over));
    },
  };
}
