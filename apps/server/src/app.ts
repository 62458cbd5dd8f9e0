import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { ErrorBody } from '@shopper/contract';
import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import metrics from 'fastify-metrics';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { type BackgroundLoop, startBackgroundWork } from './background-work.ts';
import { addressSet } from './lib/ip-ranges.ts';
import { createLogOutput, type LogOutput, loggerOptions } from './lib/logger.ts';
import { installRouteDurations } from './metrics/route-durations.ts';
import { createShopMetrics } from './metrics/shop-metrics.ts';
import type { Reconciler } from './modules/checkout/index.ts';
import type { PaymentsOptions } from './payments/payments.ts';
import { installAuth } from './plugins/auth.ts';
import { installErrorHandling } from './plugins/errors.ts';
import { installInputGuard } from './plugins/input-guard.ts';
import { metricsAccess } from './plugins/metrics-access.ts';
import { installRateLimits, RATE_LIMITS, type RateLimits, scaleRateLimits } from './plugins/rate-limit.ts';
import { OneLinePerRequest } from './plugins/request-log.ts';
import { installSecurityHeaders } from './plugins/security-headers.ts';
import { installSharedCacheGuard, sharedCacheMarker } from './plugins/shared-cache.ts';
import { servePages } from './pages.ts';
import { mountRoutes } from './mount-routes.ts';
import { buildServices } from './services.ts';

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  /** Tests pass their own to expire tokens without waiting. */
  clock?: () => Date;
  /** Tests only: other limits, and a Redis key prefix of their own. */
  rateLimits?: { limits?: RateLimits; nameSpace?: string };
  /** Tests: webhook delivery and a Stripe stand-in. `onReconciler` hands out the payment sweep, to run a pass by hand. */
  payments?: PaymentsOptions & { onReconciler?: (reconciler: Reconciler) => void };
  /** main.ts: also run the mail sender and the payment sweep once listening (background-work.ts). */
  runsScheduledWork?: boolean;
  /** Tests: which background loops this app runs (background-work.ts). */
  onLoops?: (loops: readonly BackgroundLoop[]) => void;
  /** Tests: sees every route as it is registered (the API fuzz walks them all). */
  onRoute?: (route: RouteOptions) => void;
  /** main.ts: true once a SIGTERM began the shutdown, so /api/ready sends the balancer elsewhere. */
  isDraining?: () => boolean;
  /** Where the log goes; main.ts passes its own to flush it on the way out. Default: standard output. */
  logOutput?: LogOutput;
};

/**
 * Decision 011: only the proxies TRUST_PROXY names may say who the client is, never anyone.
 * Fastify 5 reads a bare number as "trust nothing", so a hop count is a function: the socket
 * peer is hop 0, and each trusted hop lets the next X-Forwarded-For entry (from the right) speak.
 */
function trustProxyOption(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('hops' in trust) return (_address, hop) => hop < trust.hops;
  return trust.proxies;
}

/** The whole HTTP application; `main.ts` listens with it, tests `inject()` into it. */
export async function buildApp({
  config,
  database,
  clock = () => new Date(),
  rateLimits = {},
  payments: paymentsOptions = {},
  runsScheduledWork = false,
  onRoute,
  onLoops,
  isDraining = () => false,
  logOutput,
}: AppDeps): Promise<FastifyInstance> {
  if (!config.jwtSecret) throw new Error('buildApp needs config.jwtSecret (main.ts generates one outside production)');
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { ...loggerOptions(config), stream: (logOutput ?? createLogOutput(config)).stream },
    logController: new OneLinePerRequest(),
    // Request ids are ours: a client-sent x-request-id could forge or collide with log lines.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { maxParamLength: 200 },
    // A request accepted just before a graceful close is served, not answered 503: a balancer
    // may not replay a POST elsewhere, so refusing it would fail a customer (decision 027).
    return503OnClosing: false,
    bodyLimit: 100 * 1024,
    // Malformed URLs and over-long parameters are refused before routing; answer them in our error shape too.
    frameworkErrors: (error, _request, reply) => {
      const body: ErrorBody = { success: false, code: 'VALIDATION_FAILED', message: error.message };
      void (reply as FastifyReply).status(error.statusCode ?? 400).send(body);
    },
  }).withTypeProvider<ZodTypeProvider>();
  if (onRoute) app.addHook('onRoute', onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installInputGuard(app);
  installAuth(app);

  installSecurityHeaders(app, { stripe: config.stripe !== undefined });
  installSharedCacheGuard(app);
  await app.register(compress, { global: true, threshold: 1024 });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'SHOPPER API',
        version: '1.0.0',
        description: 'Catalog, reviews, accounts, cart, checkout and orders.',
      },
    },
    transform: jsonSchemaTransform,
  });
  // A worker answers health and metrics only (docs/scaling.md#roles).
  if (config.role !== 'worker') await app.register(swaggerUi, { routePrefix: '/api/docs' });
  const metricsRoute = metricsAccess(config);
  await app.register(metrics, {
    // The plugin installs its own handler; the options keep the route out of the API docs and guarded.
    endpoint: metricsRoute.isServed
      ? {
          url: '/metrics',
          method: 'GET',
          logLevel: 'fatal',
          schema: { hide: true },
          onRequest: metricsRoute.onRequest,
          handler: () => undefined,
        }
      : null,
    // Route durations are timed by installRouteDurations, at a fraction of the plugin's cost.
    routeMetrics: { enabled: false },
    // prom-client's registry is global: a second app in one process (tests) starts it afresh.
    clearRegisterOnInit: true,
  });
  installRouteDurations(app);
  const shopMetrics = createShopMetrics({ db: database.db, clock, readCounts: database.readReplicas?.counts });

  await app.register(cookie);
  const allowlist = addressSet(config.rateLimitAllowlist);
  const rateLimiter = await installRateLimits(app, {
    limits: rateLimits.limits ?? scaleRateLimits(RATE_LIMITS, config.rateLimitScale),
    nameSpace: rateLimits.nameSpace,
    redisUrl: config.redisUrl,
    isAllowlisted: (ip) => allowlist.has(ip),
    onRefusal: shopMetrics.rateLimitRefused,
  });

  const services = buildServices({
    config,
    jwtSecret: config.jwtSecret,
    database,
    clock,
    log: app.log,
    rateLimiter,
    shopMetrics,
    payments: paymentsOptions,
    isDraining,
  });
  await startBackgroundWork(app, services, {
    role: config.role,
    runsScheduledWork,
    onReconciler: paymentsOptions.onReconciler,
    onLoops,
  });

  // Which module serves which URL: the table in routes.ts.
  await mountRoutes(app, services);
  await servePages(app, {
    config,
    catalogCache: services.catalogCache,
    markShareable: sharedCacheMarker(config.sharedCache),
  });

  return app;
}
