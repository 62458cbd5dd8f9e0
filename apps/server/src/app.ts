import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { ErrorBody } from '@shopper/contract';
import { MESSAGES } from '@shopper/contract';
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
import { addressSet } from './lib/ip-ranges.ts';
import { createLogOutput, type LogOutput, loggerOptions } from './lib/logger.ts';
import { installRouteDurations } from './metrics/route-durations.ts';
import { createShopMetrics } from './metrics/shop-metrics.ts';
import type { Reconciler } from './modules/checkout/index.ts';
import { createStorefrontRenderer, sendRenderedPage } from './modules/storefront/index.ts';
import type { PaymentsOptions } from './payments/payments.ts';
import { installAuth } from './plugins/auth.ts';
import { installErrorHandling } from './plugins/errors.ts';
import { installInputGuard } from './plugins/input-guard.ts';
import { metricsAccess } from './plugins/metrics-access.ts';
import { installRateLimits, RATE_LIMITS, type RateLimits, scaleRateLimits } from './plugins/rate-limit.ts';
import { OneLinePerRequest } from './plugins/request-log.ts';
import { installSecurityHeaders } from './plugins/security-headers.ts';
import { isDashboardPath, isPagePath, registerWebApp } from './plugins/web-app.ts';
import { mountRoutes } from './routes.ts';
import { buildServices } from './services.ts';

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  /** Tests pass their own to expire tokens without waiting. */
  clock?: () => Date;
  /** Tests only: other limits, and a Redis key prefix of their own. */
  rateLimits?: { limits?: RateLimits; nameSpace?: string };
  /** Tests: webhook delivery and a Stripe stand-in. `onReconciler` hands out the payment sweep (main.ts starts it). */
  payments?: PaymentsOptions & { onReconciler?: (reconciler: Reconciler) => void };
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
  onRoute,
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
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
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
  const shopMetrics = createShopMetrics({ db: database.db, clock });

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
  const { catalogChanges, catalogCache, importRunner, payments, reconciler } = services;
  // Every instance drops its cached catalog within a second of a change anywhere (decision 028).
  await catalogChanges.start();
  app.addHook('onClose', () => catalogChanges.stop());
  // Catalog imports are applied in the background by whichever instance takes the job (decision 043).
  importRunner.start();
  app.addHook('onClose', () => importRunner.stop());
  paymentsOptions.onReconciler?.(reconciler);
  // The test-mode provider signs its webhooks and posts them to our own endpoint, in process.
  payments.delivery?.connect(async ({ body, signature }) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    });
    if (response.statusCode >= 400) throw new Error(`webhook answered ${response.statusCode}`);
  });
  app.addHook('onClose', async () => {
    await reconciler.stop();
    await payments.delivery?.settled();
  });

  // Which module serves which URL: the table in routes.ts.
  await mountRoutes(app, services);

  const indexHtml = config.webDistDir ? await registerWebApp(app, config.webDistDir) : undefined;
  const dashboardHtml = config.dashboardDistDir
    ? await registerWebApp(app, config.dashboardDistDir, { prefix: '/dashboard/', isFirst: !config.webDistDir })
    : undefined;
  // The public catalog pages are rendered on the server (decision 023); the rest of the shop and
  // the back office are the plain single-page shell.
  const storefront =
    config.webDistDir && indexHtml
      ? await createStorefrontRenderer({
          distDir: config.webDistDir,
          indexHtml,
          cache: catalogCache,
          log: app.log.child({ module: 'storefront' }),
          publicUrl: config.publicUrl,
          inject: async (url) => {
            const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
            return {
              statusCode: answer.statusCode,
              contentType: String(answer.headers['content-type'] ?? ''),
              body: answer.rawPayload,
            };
          },
        })
      : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isDashboard = isDashboardPath(path);
    const page = isDashboard ? dashboardHtml : indexHtml;
    if (page && (request.method === 'GET' || request.method === 'HEAD') && isPagePath(path)) {
      const rendered = storefront && !isDashboard ? await storefront.answer(request.url) : undefined;
      if (rendered && !rendered.shell) return sendRenderedPage(request, reply, rendered);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
    }
    const body: ErrorBody = {
      success: false,
      code: 'NOT_FOUND',
      message: MESSAGES.apiRouteNotFound(request.method, path),
    };
    return reply.status(404).send(body);
  });

  return app;
}
