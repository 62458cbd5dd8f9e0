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
import { ROUTE_DURATIONS } from './metrics/route-durations.ts';
import { createShopMetrics } from './metrics/shop-metrics.ts';
import { auditAdminRoutes } from './modules/audit/audit.admin-routes.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { backOfficeRoutes } from './modules/back-office/back-office.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createDeviceCookies } from './modules/auth/device-cookie.ts';
import { createEmailTokensService } from './modules/auth/email-tokens.service.ts';
import { createLoginThrottle } from './modules/auth/login-throttle.ts';
import { createSessionsService } from './modules/auth/sessions.service.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { createCouponsService } from './modules/cart/coupons.service.ts';
import { createCatalogChanges } from './modules/catalog/catalog-changes.ts';
import { couponsAdminRoutes } from './modules/cart/coupons.admin-routes.ts';
import { createCouponsAdminService } from './modules/cart/coupons.admin-service.ts';
import { createCatalogReadCache } from './modules/catalog/catalog-read-cache.ts';
import { createCategoriesAdminService } from './modules/catalog/categories.admin-service.ts';
import { categoriesAdminRoutes } from './modules/catalog/categories.admin-routes.ts';
import { newsletterAdminRoutes } from './modules/newsletter/newsletter.admin-routes.ts';
import { createNewsletterAdminService } from './modules/newsletter/newsletter.admin-service.ts';
import { createRefundsService } from './modules/orders/refunds.service.ts';
import { checkoutRoutes, paymentWebhookRoutes } from './modules/checkout/checkout.routes.ts';
import { createCheckoutService } from './modules/checkout/checkout.service.ts';
import { createPaymentCustomersService } from './modules/checkout/payment-customers.service.ts';
import { createReconciler, type Reconciler } from './modules/checkout/reconciler.ts';
import { savedCardsRoutes } from './modules/checkout/saved-cards.routes.ts';
import { createSavedCardsService } from './modules/checkout/saved-cards.service.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { createCategoriesService } from './modules/catalog/categories.service.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { catalogAdminRoutes } from './modules/catalog/catalog.admin-routes.ts';
import { createCatalogAdminService } from './modules/catalog/catalog.admin-service.ts';
import { createDatabaseImageStorage } from './modules/images/image-storage.ts';
import { createProductImagesService } from './modules/images/product-images.service.ts';
import { uploadsRoutes } from './modules/images/uploads.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { homeAdminRoutes } from './modules/home/home.admin-routes.ts';
import { createSalesFigures } from './modules/orders/sales-figures.ts';
import { imagesRoutes } from './modules/images/images.routes.ts';
import { mailboxRoutes } from './modules/mail/mailbox.routes.ts';
import { ordersAdminRoutes } from './modules/orders/orders.admin-routes.ts';
import { createOrdersAdminService } from './modules/orders/orders.admin-service.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { createReviewsService } from './modules/reviews/reviews.service.ts';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.ts';
import { createNewsletterService } from './modules/newsletter/newsletter.service.ts';
import { reviewsAdminRoutes } from './modules/reviews/reviews.admin-routes.ts';
import { createReviewsAdminService } from './modules/reviews/reviews.admin-service.ts';
import { createAccountService } from './modules/users/account.service.ts';
import { createPasswordChecks } from './modules/users/password-checks.ts';
import { stockAdminRoutes } from './modules/stock/stock.admin-routes.ts';
import { settingsAdminRoutes } from './modules/settings/settings.admin-routes.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { createStockService } from './modules/stock/stock.service.ts';
import { createCustomersAdminService } from './modules/users/customers.admin-service.ts';
import { staffAdminRoutes } from './modules/users/staff.admin-routes.ts';
import { createStaffService } from './modules/users/staff.service.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { customersAdminRoutes } from './modules/users/customers.admin-routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createAccessTokens, installAuth, requireAuth } from './plugins/auth.ts';
import { installBackOfficeGuard } from './plugins/back-office-guard.ts';
import { installErrorHandling } from './plugins/errors.ts';
import { installInputGuard } from './plugins/input-guard.ts';
import { metricsAccess } from './plugins/metrics-access.ts';
import { installRateLimits, RATE_LIMITS, type RateLimits, scaleRateLimits } from './plugins/rate-limit.ts';
import { installSecurityHeaders } from './plugins/security-headers.ts';
import { OneLinePerRequest } from './plugins/request-log.ts';
import { isDashboardPath, isPagePath, registerWebApp } from './plugins/web-app.ts';
import { sendRenderedPage } from './modules/storefront/send-rendered-page.ts';
import { createStorefrontRenderer } from './modules/storefront/storefront-renderer.ts';
import { createPayments, type PaymentsOptions } from './payments/payments.ts';
import { testProviderRoutes } from './payments/test-provider/test-provider.routes.ts';

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
    routeMetrics: ROUTE_DURATIONS,
    // prom-client's registry is global: a second app in one process (tests) starts it afresh.
    clearRegisterOnInit: true,
  });
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

  const { db } = database;
  const accessTokens = createAccessTokens({ secret: config.jwtSecret, clock });
  const users = createUsersService({ db, clock });
  const sessions = createSessionsService({ db, clock });
  const emailTokens = createEmailTokensService({ db, clock });
  const auth = createAuthService({ db, config, users, sessions, emailTokens, accessTokens, clock });
  const loginThrottle = createLoginThrottle({
    rateLimiter,
    deviceCookies: createDeviceCookies({ secret: config.jwtSecret, clock }),
  });
  const passwordChecks = createPasswordChecks({
    rateLimiter,
    endSession: (sessionId) => sessions.revoke(sessionId, 'password-guessing'),
  });
  const account = createAccountService({ db, config, users, sessions, passwordChecks });
  const signedIn = requireAuth({ tokens: accessTokens, findSession: sessions.findWithUser, clock });

  const audit = createAuditService({ db, clock });
  const staff = createStaffService({ db, clock, audit });
  const stock = createStockService({ db, audit });
  const settings = createSettingsService({ db, clock, audit });
  const productImages = createProductImagesService({
    db,
    storage: createDatabaseImageStorage({ db }),
    limits: { maxPixels: config.imageMaxPixels },
  });
  const catalog = createCatalogService({ db, imageSources: (ids) => productImages.sourcesFor(ids) });
  const categories = createCategoriesService({ db, clock });
  const catalogCache = createCatalogReadCache({
    ttlMs: config.catalogCacheTtlMs,
    onRead: shopMetrics.catalogCacheRead,
  });
  // Every instance drops its cached catalog within a second of a change anywhere (decision 028).
  const catalogChanges = createCatalogChanges({ database, log: app.log.child({ module: 'catalog-changes' }) });
  catalogChanges.onCatalogChange(() => catalogCache.clear());
  await catalogChanges.start();
  app.addHook('onClose', () => catalogChanges.stop());
  const { lowStockThreshold } = settings;
  const catalogAdmin = createCatalogAdminService({
    db,
    images: productImages,
    audit,
    catalogChanges,
    clock,
    lowStockThreshold,
  });
  const categoriesAdmin = createCategoriesAdminService({
    db,
    categories,
    images: productImages,
    audit,
    catalogChanges,
  });
  const coupons = createCouponsService({ db, clock });
  const cart = createCartService({ db, catalog, clock, coupons });
  const payments = createPayments({ config, db, clock, options: paymentsOptions });
  const orders = createOrdersService({ db, catalog, clock });
  const refunds = createRefundsService({
    db,
    clock,
    provider: payments.provider,
    audit,
    publicUrl: config.publicUrl,
  });
  const ordersAdmin = createOrdersAdminService({ db, clock, audit, catalog, refunds });
  const reviews = createReviewsService({ db, catalog, catalogChanges, orders, clock });
  const reviewsModeration = createReviewsAdminService({
    db,
    catalog,
    reviewsService: reviews,
    catalogChanges,
    audit,
    clock,
  });
  const paymentCustomers = createPaymentCustomersService({ db, provider: payments.provider, users, clock });
  const checkout = createCheckoutService({
    db,
    taxRate: config.taxRate,
    publicUrl: config.publicUrl,
    provider: payments.provider,
    cart,
    coupons,
    catalog,
    catalogChanges,
    orders,
    users,
    customers: paymentCustomers,
    onRefunded: (intentId) => refunds.recordProviderRefunds(intentId),
    clock,
    log: app.log.child({ module: 'checkout' }),
  });
  const newsletter = createNewsletterService({ db, config, clock });
  const savedCards = createSavedCardsService({
    db,
    provider: payments.provider,
    customers: paymentCustomers,
    clock,
    log: app.log.child({ module: 'saved-cards' }),
  });
  const reconciler = createReconciler({
    checkout,
    orders,
    provider: payments.provider,
    clock,
    log: app.log.child({ module: 'payments-sweep' }),
    settleAfterMs: config.paymentReconcileAfterMinutes * 60_000,
    abandonAfterMs: 24 * 60 * 60_000,
    onSwept: shopMetrics.paymentSweepFinished,
  });
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

  await app.register(healthRoutes({ ping: () => database.ping(), databaseKind: database.kind, isDraining }), {
    prefix: '/api',
  });
  await app.register(catalogRoutes({ catalog, categories, cache: catalogCache }), { prefix: '/api/products' });
  await app.register(authRoutes({ auth, rateLimiter, loginThrottle, secureCookies: config.secureCookies }), {
    prefix: '/api/users',
  });
  await app.register(usersRoutes({ account, requireAuth: signedIn, secureCookies: config.secureCookies }), {
    prefix: '/api/users',
  });
  if (config.demo) await app.register(mailboxRoutes({ db: database.db }), { prefix: '/api/dev' });
  await app.register(cartRoutes({ cart, requireAuth: signedIn }), { prefix: '/api/cart' });
  await app.register(checkoutRoutes({ checkout, provider: payments.provider, requireAuth: signedIn, rateLimiter }), {
    prefix: '/api/payment',
  });
  await app.register(paymentWebhookRoutes({ checkout }), { prefix: '/api/payment' });
  await app.register(ordersRoutes({ orders, requireAuth: signedIn }), { prefix: '/api/payment' });
  await app.register(reviewsRoutes({ reviews, requireAuth: signedIn, rateLimiter }), { prefix: '/api/reviews' });
  await app.register(savedCardsRoutes({ savedCards, requireAuth: signedIn }), { prefix: '/api/payments' });
  await app.register(newsletterRoutes({ newsletter, rateLimiter }), { prefix: '/api/newsletter' });
  if (payments.testProvider) {
    await app.register(testProviderRoutes({ testProvider: payments.testProvider }), { prefix: '/api/test-provider' });
  }
  await app.register(imagesRoutes);
  await app.register(seoRoutes({ catalog, categories, cache: catalogCache, publicUrl: config.publicUrl }));
  await app.register(uploadsRoutes({ images: productImages }));

  await app.register(backOfficeRoutes({ adminUrl: config.adminUrl }), { prefix: '/api' });
  // The back office (issue 9): one guard for every module's admin routes (decision 018).
  await app.register(
    async (admin) => {
      installBackOfficeGuard(admin, { requireAuth: signedIn });
      await admin.register(auditAdminRoutes({ audit }), { prefix: '/audit' });
      await admin.register(staffAdminRoutes({ staff }), { prefix: '/staff' });
      await admin.register(stockAdminRoutes({ stock }), { prefix: '/stock' });
      await admin.register(settingsAdminRoutes({ settings }), { prefix: '/settings' });
      await admin.register(
        catalogAdminRoutes({ admin: catalogAdmin, imageUploadMaxBytes: config.imageUploadMaxBytes }),
        {
          prefix: '/products',
        },
      );
      await admin.register(reviewsAdminRoutes({ moderation: reviewsModeration }), { prefix: '/reviews' });
      await admin.register(homeAdminRoutes({ sales: createSalesFigures({ db }), catalog, lowStockThreshold, clock }), {
        prefix: '/home',
      });
      await admin.register(couponsAdminRoutes({ coupons: createCouponsAdminService({ db, audit, clock }) }), {
        prefix: '/coupons',
      });
      await admin.register(ordersAdminRoutes({ ordersAdmin }), { prefix: '/orders' });
      await admin.register(
        customersAdminRoutes({ customers: createCustomersAdminService({ db, clock, audit, sessions }) }),
        { prefix: '/customers' },
      );
      await admin.register(
        categoriesAdminRoutes({ categoriesAdmin, imageUploadMaxBytes: config.imageUploadMaxBytes }),
        { prefix: '/categories' },
      );
      await admin.register(
        newsletterAdminRoutes({ newsletterExport: createNewsletterAdminService({ db, newsletter, audit }) }),
        { prefix: '/newsletter' },
      );
    },
    { prefix: '/api/admin' },
  );

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
