import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressesRoutes } from './modules/addresses/index.ts';
import { auditAdminRoutes } from './modules/audit/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { backInStockRoutes } from './modules/back-in-stock/index.ts';
import { backOfficeRoutes } from './modules/back-office/index.ts';
import { cartRoutes, couponsAdminRoutes } from './modules/cart/index.ts';
import {
  catalogAdminRoutes,
  catalogRoutes,
  categoriesAdminRoutes,
  coloursAdminRoutes,
} from './modules/catalog/index.ts';
import { catalogImportAdminRoutes } from './modules/catalog-import/index.ts';
import { collectionsAdminRoutes, collectionsRoutes, homeSectionsRoutes } from './modules/collections/index.ts';
import { dataRightsAdminRoutes, dataRightsRoutes } from './modules/data-rights/index.ts';
import { checkoutRoutes, paymentWebhookRoutes, savedCardsRoutes } from './modules/checkout/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { homeAdminRoutes } from './modules/home/index.ts';
import { imagesRoutes, uploadsRoutes } from './modules/images/index.ts';
import { mailboxRoutes } from './modules/mail/index.ts';
import { newsletterAdminRoutes, newsletterRoutes } from './modules/newsletter/index.ts';
import { returnsAdminRoutes, returnsRoutes } from './modules/returns/index.ts';
import { savedItemsRoutes } from './modules/saved-items/index.ts';
import { ordersAdminRoutes, ordersRoutes } from './modules/orders/index.ts';
import { reviewsAdminRoutes, reviewsRoutes } from './modules/reviews/index.ts';
import { seoRoutes } from './modules/seo/index.ts';
import { settingsAdminRoutes } from './modules/settings/index.ts';
import { shippingAdminRoutes, shippingOfferRoutes } from './modules/shipping/index.ts';
import { stockAdminRoutes } from './modules/stock/index.ts';
import { shopLegalRoutes, taxAdminRoutes } from './modules/tax/index.ts';
import { storePagesAdminRoutes, storePagesRoutes } from './modules/store-pages/index.ts';
import { customersAdminRoutes, staffAdminRoutes, usersRoutes } from './modules/users/index.ts';
import { testProviderRoutes } from './payments/test-provider/test-provider.routes.ts';
import { sharedCacheMarker } from './plugins/shared-cache.ts';
import type { Services } from './services.ts';

export type RouteRow = {
  /** Registration prefix; '/' for plugins whose routes spell out whole paths (/images/…, /robots.txt). */
  prefix: string;
  /** The folder that owns the routes: `src/modules/<module>`, or `src/payments` for the test-mode provider. */
  module: string;
  /** The file that declares them, relative to apps/server/src. */
  file: string;
  /** undefined: this configuration does not serve them. */
  plugin: (services: Services) => FastifyPluginAsyncZod | undefined;
};

/** Rows under it are registered in one scope behind the back-office guard (staff only). */
export const BACK_OFFICE_PREFIX = '/api/admin';

/**
 * Every URL the server answers besides /api/docs, /metrics and the web apps' files, in the order
 * they are registered (which is also the order of the OpenAPI document). docs/architecture.md
 * shows this table; a test keeps the two the same.
 */
export const ROUTES: readonly RouteRow[] = [
  {
    prefix: '/api',
    module: 'health',
    file: 'modules/health/health.routes.ts',
    plugin: (s) => healthRoutes(s.health),
  },
  {
    prefix: '/api/products',
    module: 'catalog',
    file: 'modules/catalog/catalog.routes.ts',
    plugin: (s) =>
      catalogRoutes({
        catalog: s.catalogReads,
        categories: s.categories,
        catalogCache: s.catalogCache,
        markShareable: sharedCacheMarker(s.config.sharedCache),
      }),
  },
  {
    prefix: '/api/users',
    module: 'auth',
    file: 'modules/auth/auth.routes.ts',
    plugin: (s) =>
      authRoutes({
        auth: s.auth,
        rateLimiter: s.rateLimiter,
        loginThrottle: s.loginThrottle,
        secureCookies: s.config.secureCookies,
      }),
  },
  {
    prefix: '/api/users',
    module: 'users',
    file: 'modules/users/users.routes.ts',
    plugin: (s) =>
      usersRoutes({ account: s.account, requireAuth: s.requireAuth, secureCookies: s.config.secureCookies }),
  },
  {
    prefix: '/api/users',
    module: 'data-rights',
    file: 'modules/data-rights/data-rights.routes.ts',
    plugin: (s) =>
      dataRightsRoutes({ dataRights: s.dataRights, requireAuth: s.requireAuth, secureCookies: s.config.secureCookies }),
  },
  {
    prefix: '/api/dev',
    module: 'mail',
    file: 'modules/mail/mailbox.routes.ts',
    // Every mail the shop sent, readable by anyone: the demo shop only.
    plugin: (s) => (s.config.demo ? mailboxRoutes({ db: s.db }) : undefined),
  },
  {
    prefix: '/api/cart',
    module: 'cart',
    file: 'modules/cart/cart.routes.ts',
    plugin: (s) => cartRoutes({ cart: s.cart, owners: s.cartOwners, requireAuth: s.requireAuth }),
  },
  {
    prefix: '/api/payment',
    module: 'checkout',
    file: 'modules/checkout/checkout.routes.ts',
    plugin: ({ checkout, payments, cartOwners: owners, guestAccounts: guests, settings, rateLimiter }) =>
      checkoutRoutes({ checkout, provider: payments.provider, owners, guests, settings, rateLimiter }),
  },
  {
    prefix: '/api/payment',
    module: 'checkout',
    file: 'modules/checkout/checkout.routes.ts',
    plugin: (s) => paymentWebhookRoutes({ checkout: s.checkout }),
  },
  {
    prefix: '/api/payment',
    module: 'orders',
    file: 'modules/orders/orders.routes.ts',
    plugin: ({ orders, orderCancellation: cancellation, requireAuth, cartOwners: owners, guestOrders, rateLimiter }) =>
      ordersRoutes({ orders, cancellation, requireAuth, owners, guestOrders, rateLimiter }),
  },
  {
    prefix: '/api/payment',
    module: 'returns',
    file: 'modules/returns/returns.routes.ts',
    plugin: (s) => returnsRoutes({ returns: s.returns, requireAuth: s.requireAuth }),
  },
  {
    prefix: '/api/saved-items',
    module: 'saved-items',
    file: 'modules/saved-items/saved-items.routes.ts',
    plugin: (s) => savedItemsRoutes({ savedItems: s.savedItems, requireAuth: s.requireAuth }),
  },
  {
    prefix: '/api/addresses',
    module: 'addresses',
    file: 'modules/addresses/addresses.routes.ts',
    plugin: (s) => addressesRoutes({ addresses: s.addresses, requireAuth: s.requireAuth }),
  },
  {
    prefix: '/api/shop',
    module: 'tax',
    file: 'modules/tax/tax.routes.ts',
    plugin: (s) => shopLegalRoutes({ tax: s.tax }),
  },
  {
    prefix: '/api/shop/shipping',
    module: 'shipping',
    file: 'modules/shipping/shipping.routes.ts',
    plugin: (s) => shippingOfferRoutes({ shipping: s.shipping }),
  },
  {
    prefix: '/api/reviews',
    module: 'reviews',
    file: 'modules/reviews/reviews.routes.ts',
    plugin: (s) => reviewsRoutes({ reviews: s.reviews, requireAuth: s.requireAuth, rateLimiter: s.rateLimiter }),
  },
  {
    prefix: '/api/payments',
    module: 'checkout',
    file: 'modules/checkout/saved-cards.routes.ts',
    plugin: (s) => savedCardsRoutes({ savedCards: s.savedCards, requireAuth: s.requireAuth }),
  },
  {
    prefix: '/api/newsletter',
    module: 'newsletter',
    file: 'modules/newsletter/newsletter.routes.ts',
    plugin: (s) => newsletterRoutes({ newsletter: s.newsletter, rateLimiter: s.rateLimiter }),
  },
  {
    prefix: '/api/back-in-stock',
    module: 'back-in-stock',
    file: 'modules/back-in-stock/back-in-stock.routes.ts',
    plugin: (s) =>
      backInStockRoutes({ backInStock: s.backInStock, requireAuth: s.requireAuth, rateLimiter: s.rateLimiter }),
  },
  {
    prefix: '/api/pages',
    module: 'store-pages',
    file: 'modules/store-pages/store-pages.routes.ts',
    plugin: (s) => storePagesRoutes({ storePages: s.storePages }),
  },
  {
    prefix: '/api/collections',
    module: 'collections',
    file: 'modules/collections/collections.routes.ts',
    plugin: (s) =>
      collectionsRoutes({
        collections: s.collections,
        catalogCache: s.catalogCache,
        markShareable: sharedCacheMarker(s.config.sharedCache),
      }),
  },
  {
    prefix: '/api/home-sections',
    module: 'collections',
    file: 'modules/collections/collections.routes.ts',
    plugin: (s) =>
      homeSectionsRoutes({
        collections: s.collections,
        catalogCache: s.catalogCache,
        markShareable: sharedCacheMarker(s.config.sharedCache),
      }),
  },
  {
    prefix: '/api/test-provider',
    module: 'payments',
    file: 'payments/test-provider/test-provider.routes.ts',
    // Plays the card provider's part; with Stripe configured there is nothing to play.
    plugin: ({ payments: { testProvider } }) => (testProvider ? testProviderRoutes({ testProvider }) : undefined),
  },
  {
    prefix: '/',
    module: 'images',
    file: 'modules/images/images.routes.ts',
    plugin: () => imagesRoutes,
  },
  {
    prefix: '/',
    module: 'seo',
    file: 'modules/seo/seo.routes.ts',
    plugin: (s) =>
      seoRoutes({
        catalog: s.catalogReads,
        categories: s.categories,
        catalogCache: s.catalogCache,
        storePages: s.storePages,
        collections: s.collections,
        publicUrl: s.config.publicUrl,
      }),
  },
  {
    prefix: '/',
    module: 'images',
    file: 'modules/images/uploads.routes.ts',
    plugin: (s) => uploadsRoutes({ productImages: s.productImages }),
  },
  {
    prefix: '/api',
    module: 'back-office',
    file: 'modules/back-office/back-office.routes.ts',
    plugin: (s) => backOfficeRoutes({ adminUrl: s.config.adminUrl }),
  },
  {
    prefix: '/api/admin/audit',
    module: 'audit',
    file: 'modules/audit/audit.admin-routes.ts',
    plugin: (s) => auditAdminRoutes({ audit: s.audit }),
  },
  {
    prefix: '/api/admin/staff',
    module: 'users',
    file: 'modules/users/staff.admin-routes.ts',
    plugin: (s) => staffAdminRoutes({ staff: s.staff }),
  },
  {
    prefix: '/api/admin/stock',
    module: 'stock',
    file: 'modules/stock/stock.admin-routes.ts',
    plugin: (s) => stockAdminRoutes({ stock: s.stock }),
  },
  {
    prefix: '/api/admin/settings',
    module: 'settings',
    file: 'modules/settings/settings.admin-routes.ts',
    plugin: (s) => settingsAdminRoutes({ settings: s.settings }),
  },
  {
    prefix: '/api/admin/shipping',
    module: 'shipping',
    file: 'modules/shipping/shipping.admin-routes.ts',
    plugin: (s) => shippingAdminRoutes({ shipping: s.shipping }),
  },
  {
    prefix: '/api/admin/taxes',
    module: 'tax',
    file: 'modules/tax/tax.admin-routes.ts',
    plugin: (s) => taxAdminRoutes({ tax: s.tax }),
  },
  {
    prefix: '/api/admin/products',
    module: 'catalog',
    file: 'modules/catalog/catalog.admin-routes.ts',
    plugin: (s) =>
      catalogAdminRoutes({ catalogAdmin: s.catalogAdmin, imageUploadMaxBytes: s.config.imageUploadMaxBytes }),
  },
  {
    prefix: '/api/admin/products',
    module: 'catalog',
    file: 'modules/catalog/colours.admin-routes.ts',
    plugin: (s) =>
      coloursAdminRoutes({ catalogAdmin: s.catalogAdmin, imageUploadMaxBytes: s.config.imageUploadMaxBytes }),
  },
  {
    prefix: '/api/admin',
    module: 'catalog-import',
    file: 'modules/catalog-import/catalog-import.admin-routes.ts',
    plugin: (s) =>
      catalogImportAdminRoutes({
        catalogImportAdmin: s.catalogImportAdmin,
        maxMegabytes: s.config.catalogImportMaxMegabytes,
        rateLimiter: s.rateLimiter,
      }),
  },
  {
    prefix: '/api/admin/reviews',
    module: 'reviews',
    file: 'modules/reviews/reviews.admin-routes.ts',
    plugin: (s) => reviewsAdminRoutes({ reviewsAdmin: s.reviewsAdmin }),
  },
  {
    prefix: '/api/admin/home',
    module: 'home',
    file: 'modules/home/home.admin-routes.ts',
    plugin: (s) =>
      homeAdminRoutes({
        salesFigures: s.salesFigures,
        catalog: s.catalogReads,
        lowStockThreshold: s.settings.lowStockThreshold,
        clock: s.clock,
      }),
  },
  {
    prefix: '/api/admin/coupons',
    module: 'cart',
    file: 'modules/cart/coupons.admin-routes.ts',
    plugin: (s) => couponsAdminRoutes({ couponsAdmin: s.couponsAdmin }),
  },
  {
    prefix: '/api/admin/orders',
    module: 'orders',
    file: 'modules/orders/orders.admin-routes.ts',
    plugin: (s) => ordersAdminRoutes({ ordersAdmin: s.ordersAdmin }),
  },
  {
    prefix: '/api/admin/returns',
    module: 'returns',
    file: 'modules/returns/returns.admin-routes.ts',
    plugin: (s) => returnsAdminRoutes({ returnsAdmin: s.returnsAdmin }),
  },
  {
    prefix: '/api/admin/customers',
    module: 'users',
    file: 'modules/users/customers.admin-routes.ts',
    plugin: (s) => customersAdminRoutes({ customersAdmin: s.customersAdmin }),
  },
  {
    prefix: '/api/admin/customers',
    module: 'data-rights',
    file: 'modules/data-rights/data-rights.admin-routes.ts',
    plugin: (s) => dataRightsAdminRoutes({ dataRights: s.dataRights }),
  },
  {
    prefix: '/api/admin/categories',
    module: 'catalog',
    file: 'modules/catalog/categories.admin-routes.ts',
    plugin: (s) =>
      categoriesAdminRoutes({ categoriesAdmin: s.categoriesAdmin, imageUploadMaxBytes: s.config.imageUploadMaxBytes }),
  },
  {
    prefix: '/api/admin/newsletter',
    module: 'newsletter',
    file: 'modules/newsletter/newsletter.admin-routes.ts',
    plugin: (s) => newsletterAdminRoutes({ newsletterAdmin: s.newsletterAdmin }),
  },
  {
    prefix: '/api/admin/pages',
    module: 'store-pages',
    file: 'modules/store-pages/store-pages.admin-routes.ts',
    plugin: (s) => storePagesAdminRoutes({ storePages: s.storePages }),
  },
  {
    prefix: '/api/admin/collections',
    module: 'collections',
    file: 'modules/collections/collections.admin-routes.ts',
    plugin: (s) => collectionsAdminRoutes({ collectionsAdmin: s.collectionsAdmin }),
  },
];

export const isBackOffice = (row: RouteRow): boolean =>
  row.prefix === BACK_OFFICE_PREFIX || row.prefix.startsWith(`${BACK_OFFICE_PREFIX}/`);
