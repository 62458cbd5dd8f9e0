import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { ShopMetrics } from './metrics/shop-metrics.ts';
import { createAddressesService } from './modules/addresses/index.ts';
import { createAuditService } from './modules/audit/index.ts';
import {
  createAuthService,
  createDeviceCookies,
  createEmailTokensService,
  createLoginThrottle,
  createSessionsService,
} from './modules/auth/index.ts';
import {
  cartOwners,
  createCartService,
  createCouponsAdminService,
  createCouponsService,
  createGuestCartCookies,
} from './modules/cart/index.ts';
import { createCatalogImportAdminService, createImportRunner } from './modules/catalog-import/index.ts';
import {
  createCatalogAdminService,
  createCatalogChanges,
  createCatalogReadCache,
  createCatalogService,
  createCategoriesAdminService,
  createCategoriesService,
} from './modules/catalog/index.ts';
import {
  createCheckoutService,
  createPaymentCustomersService,
  createReconciler,
  createSavedCardsService,
} from './modules/checkout/index.ts';
import { createDatabaseImageStorage, createProductImagesService } from './modules/images/index.ts';
import { createMailSender } from './modules/mail/index.ts';
import {
  createBackInStockNotifier,
  createBackInStockService,
  createUnsubscribeTokens,
} from './modules/back-in-stock/index.ts';
import { createCachePurger, createPurgeSender } from './modules/edge-cache/index.ts';
import { createNewsletterAdminService, createNewsletterService } from './modules/newsletter/index.ts';
import {
  createGuestOrders,
  createOrderCancellation,
  createOrdersAdminService,
  createOrdersService,
  createRefundsService,
  createSalesFigures,
} from './modules/orders/index.ts';
import { createReturnRefundSweep, createReturnsAdminService, createReturnsService } from './modules/returns/index.ts';
import { createSavedItemsService } from './modules/saved-items/index.ts';
import { createReviewsAdminService, createReviewsService } from './modules/reviews/index.ts';
import { createDataRightsService } from './modules/data-rights/index.ts';
import { createSettingsService } from './modules/settings/index.ts';
import { createShippingService } from './modules/shipping/index.ts';
import { createStorePagesService } from './modules/store-pages/index.ts';
import { createCollectionsAdminService, createCollectionsService } from './modules/collections/index.ts';
import { createStockService } from './modules/stock/index.ts';
import { createTaxService } from './modules/tax/index.ts';
import {
  createAccountService,
  createCustomersAdminService,
  createGuestAccounts,
  createPasswordChecks,
  createStaffService,
  createUsersService,
  type EndSessionsOfUser,
} from './modules/users/index.ts';
import { createPayments, type PaymentsOptions } from './payments/payments.ts';
import { createAccessTokens, requireAuth } from './plugins/auth.ts';
import type { RateLimiter } from './plugins/rate-limit.ts';

export type ServicesDeps = {
  config: Config;
  /** config.jwtSecret, known to be set. */
  jwtSecret: string;
  database: DatabaseHandle;
  clock: () => Date;
  log: FastifyBaseLogger;
  rateLimiter: RateLimiter;
  shopMetrics: ShopMetrics;
  payments: PaymentsOptions;
  isDraining: () => boolean;
};

export type Services = ReturnType<typeof buildServices>;

/**
 * Every service of one app, each given its collaborators by hand. Nothing here starts, listens or
 * schedules: `background-work.ts` starts what must run and stops it on close.
 */
export function buildServices({
  config,
  jwtSecret,
  database,
  clock,
  log,
  rateLimiter,
  shopMetrics,
  payments: paymentsOptions,
  isDraining,
}: ServicesDeps) {
  const { db } = database;
  const accessTokens = createAccessTokens({ secret: jwtSecret, clock });
  const users = createUsersService({ db, clock });
  const sessions = createSessionsService({ db, clock });
  const emailTokens = createEmailTokensService({ db, clock });
  const guestOrders = createGuestOrders({ db, secret: jwtSecret, publicUrl: config.publicUrl });
  const auth = createAuthService({
    db,
    config,
    users,
    sessions,
    emailTokens,
    accessTokens,
    clock,
    onEmailProven: (userId, email) => guestOrders.claim(userId, email),
  });
  const loginThrottle = createLoginThrottle({
    rateLimiter,
    deviceCookies: createDeviceCookies({ secret: jwtSecret, clock }),
  });
  const passwordChecks = createPasswordChecks({
    rateLimiter,
    endSession: (sessionId) => sessions.revoke(sessionId, 'password-guessing'),
  });
  // Users must not import auth (auth depends on users): it is handed the one session operation it needs.
  const endSessionsOfUser: EndSessionsOfUser = (tx, userId, reason, options) =>
    sessions.revokeAllOfUser(tx, userId, reason, options);
  const addresses = createAddressesService({ db, clock, users });
  const account = createAccountService({
    db,
    config,
    users,
    endSessionsOfUser,
    passwordChecks,
    onProfileAddress: addresses.adoptProfileAddress,
  });
  const signedIn = requireAuth({ tokens: accessTokens, findSession: sessions.findWithUser, clock });

  const audit = createAuditService({ db, clock });
  const tax = createTaxService({ db, audit, clock, fallbackRate: config.taxRate });
  const staff = createStaffService({ db, clock, audit });
  const stock = createStockService({ db, audit });
  const settings = createSettingsService({ db, clock, audit });
  const productImages = createProductImagesService({
    db,
    storage: createDatabaseImageStorage({ db }),
    limits: { maxPixels: config.imageMaxPixels },
  });
  const catalog = createCatalogService({ db, imageSources: (ids) => productImages.sourcesFor(ids) });
  // The storefront's catalog pages, the sitemap and the back office's figures read from the
  // standbys when there are any (decision 070); carts, checkout and every write use `catalog`.
  const catalogReads = database.readReplicas
    ? createCatalogService({ db: database.readDb, imageSources: (ids) => productImages.sourcesFor(ids) })
    : catalog;
  const categories = createCategoriesService({ db, clock });
  const catalogCache = createCatalogReadCache({
    ttlMs: config.catalogCacheTtlMs,
    onRead: shopMetrics.catalogCacheRead,
    checkAnswers: !config.isProduction,
  });
  const catalogChanges = createCatalogChanges({ database, log: log.child({ module: 'catalog-changes' }) });
  catalogChanges.onCatalogChange(() => {
    // First: the reads that refill the cache go to the primary until a standby has the change.
    database.readReplicas?.catalogChanged();
    catalogCache.clear();
  });
  const shipping = createShippingService({ db, audit, clock, catalogChanges });
  const catalogAdmin = createCatalogAdminService({
    db,
    images: productImages,
    audit,
    catalogChanges,
    clock,
    lowStockThreshold: settings.lowStockThreshold,
  });
  const importRunner = createImportRunner({
    db,
    catalogAdmin,
    images: productImages,
    importImageHosts: settings.importImageHosts,
    clock,
    log: log.child({ module: 'catalog-import' }),
    publicUrl: config.publicUrl,
    maxImageBytes: config.imageUploadMaxBytes,
    privateNetworks: config.catalogImportPrivateNetworks,
  });
  const catalogImportAdmin = createCatalogImportAdminService({
    db,
    catalogAdmin,
    images: productImages,
    clock,
    publicUrl: config.publicUrl,
    maxMegabytes: config.catalogImportMaxMegabytes,
    onApply: () => importRunner.nudge(),
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
  const guestAccounts = createGuestAccounts({ db, clock });
  const cartOwnersOfRequests = cartOwners({
    requireAuth: signedIn,
    guestCheckoutOn: settings.guestCheckout,
    guests: guestAccounts,
    cookies: createGuestCartCookies({ secret: jwtSecret }),
    rateLimiter,
    secureCookies: config.secureCookies,
  });
  const payments = createPayments({ config, db, clock, options: paymentsOptions });
  const orders = createOrdersService({ db, catalog, clock });
  const refunds = createRefundsService({
    db,
    clock,
    provider: payments.provider,
    audit,
    orderPageLink: guestOrders.pageLink,
  });
  const returns = createReturnsService({
    db,
    clock,
    orders,
    returnWindowDays: () => settings.returnWindowDays(),
    publicUrl: config.publicUrl,
  });
  const orderCancellation = createOrderCancellation({ db, clock, audit, catalog, refunds });
  const ordersAdmin = createOrdersAdminService({ db, clock, audit, catalog, refunds, cancellation: orderCancellation });
  const reviews = createReviewsService({ db, catalog, catalogChanges, orders, clock });
  const reviewsAdmin = createReviewsAdminService({
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
    shipping,
    tax,
    orderPageLink: guestOrders.pageLink,
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
    log: log.child({ module: 'checkout' }),
  });
  const newsletter = createNewsletterService({ db, config, clock });
  const backInStockTokens = createUnsubscribeTokens(jwtSecret);
  const backInStock = createBackInStockService({
    db,
    catalog,
    tokens: backInStockTokens,
    publicUrl: config.publicUrl,
    clock,
  });
  const backInStockNotifier = createBackInStockNotifier({
    db,
    catalog,
    tokens: backInStockTokens,
    publicUrl: config.publicUrl,
    clock,
    log: log.child({ module: 'back-in-stock' }),
  });
  const savedCards = createSavedCardsService({
    db,
    provider: payments.provider,
    customers: paymentCustomers,
    clock,
    log: log.child({ module: 'saved-cards' }),
  });
  const reconciler = createReconciler({
    checkout,
    orders,
    provider: payments.provider,
    clock,
    log: log.child({ module: 'payments-sweep' }),
    settleAfterMs: config.paymentReconcileAfterMinutes * 60_000,
    abandonAfterMs: 24 * 60 * 60_000,
    onSwept: shopMetrics.paymentSweepFinished,
  });

  return {
    config,
    db,
    clock,
    rateLimiter,
    requireAuth: signedIn,
    health: { ping: () => database.ping(), databaseKind: database.kind, isDraining },
    auth,
    loginThrottle,
    account,
    audit,
    addresses,
    shipping,
    tax,
    staff,
    customersAdmin: createCustomersAdminService({ db, clock, audit, endSessionsOfUser }),
    stock,
    settings,
    productImages,
    catalog,
    catalogReads,
    categories,
    catalogCache,
    catalogChanges,
    catalogAdmin,
    catalogImportAdmin,
    importRunner,
    categoriesAdmin,
    cart,
    cartOwners: cartOwnersOfRequests,
    guestAccounts,
    guestOrders,
    couponsAdmin: createCouponsAdminService({ db, audit, clock }),
    payments,
    orders,
    ordersAdmin,
    orderCancellation,
    returns,
    savedItems: createSavedItemsService({ db, catalog, cart, clock }),
    returnsAdmin: createReturnsAdminService({ db, clock, audit, returns, ordersAdmin }),
    returnRefundSweep: createReturnRefundSweep({ db, audit, clock, log: log.child({ module: 'returns-sweep' }) }),
    salesFigures: createSalesFigures({ db: database.readDb }),
    reviews,
    reviewsAdmin,
    checkout,
    savedCards,
    reconciler,
    newsletter,
    backInStock,
    backInStockNotifier,
    newsletterAdmin: createNewsletterAdminService({ db, newsletter, audit }),
    storePages: createStorePagesService({ db, clock, audit, catalogChanges }),
    collections: createCollectionsService({ db: database.readDb, clock, catalog: catalogReads }),
    collectionsAdmin: createCollectionsAdminService({ db, clock, audit, catalog, catalogChanges }),
    dataRights: createDataRightsService({
      db,
      clock,
      audit,
      passwordChecks,
      catalogChanges,
      settings,
    }),
    mailSender: createMailSender({ db, config, log: log.child({ module: 'mail' }) }),
    // Only where CACHE_PURGE names a target; workers run it (background-work.ts, decision 063).
    cachePurger: config.cachePurge
      ? createCachePurger({
          db,
          sender: createPurgeSender(config.cachePurge),
          log: log.child({ module: 'cache-purge' }),
        })
      : undefined,
  };
}
