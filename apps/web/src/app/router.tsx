import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout.tsx';
import { lazyPage } from './lazy-page.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

const errorElement = <RouteErrorBoundary />;

/** Every route gets the error boundary (docs/style.md#errors: every route has one). */
function withErrorBoundary(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => ({
    ...route,
    errorElement,
    ...(route.children ? { children: withErrorBoundary(route.children) } : {}),
  })) as RouteObject[];
}

const pages: RouteObject[] = [
  {
    id: 'home',
    index: true,
    lazy: lazyPage(
      () => import('../features/home/home-page.tsx'),
      (m) => m.HomePage,
    ),
  },
  {
    id: 'shop',
    path: 'shop',
    lazy: lazyPage(
      () => import('../features/catalog/shop-page.tsx'),
      (m) => m.ShopPage,
    ),
  },
  {
    path: 'product',
    lazy: lazyPage(
      () => import('../features/product/product-page.tsx'),
      (m) => m.MissingProductPage,
    ),
  },
  {
    id: 'product-by-id',
    path: 'product/:productId',
    lazy: lazyPage(
      () => import('./routes/product-route.tsx'),
      (m) => m.ProductByIdRoute,
    ),
  },
  {
    id: 'product-by-slug',
    path: 'products/:productSlug',
    lazy: lazyPage(
      () => import('./routes/product-route.tsx'),
      (m) => m.ProductBySlugRoute,
    ),
  },
  {
    path: 'error-demo',
    lazy: lazyPage(
      () => import('../features/errors-demo/error-demo-page.tsx'),
      (m) => m.ErrorDemoPage,
    ),
  },
  {
    // docs/product.md#guards: login and signup send a signed-in user back to where they came from.
    lazy: lazyPage(
      () => import('./guards/guest-only.tsx'),
      (m) => m.FromAwareGuestOnly,
    ),
    children: [
      {
        path: 'login',
        lazy: lazyPage(
          () => import('../features/auth/auth-page.tsx'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: 'signup',
        lazy: lazyPage(
          () => import('../features/auth/auth-page.tsx'),
          (m) => m.SignupPage,
        ),
      },
    ],
  },
  {
    lazy: lazyPage(
      () => import('./guards/guest-only.tsx'),
      (m) => m.GuestOnly,
    ),
    children: [
      {
        path: 'forgot-password',
        lazy: lazyPage(
          () => import('../features/auth/forgot-password-page.tsx'),
          (m) => m.ForgotPasswordPage,
        ),
      },
      {
        // Without a token the page says so and moves on to /forgot-password (docs/product.md#password-recovery).
        path: 'reset-password/:token?',
        lazy: lazyPage(
          () => import('../features/auth/reset-password-page.tsx'),
          (m) => m.ResetPasswordPage,
        ),
      },
    ],
  },
  ...['verify-email', 'verify'].map((path) => ({
    path,
    lazy: lazyPage(
      () => import('../features/auth/verify-email-page.tsx'),
      (m) => m.VerifyEmailPage,
    ),
  })),
  ...(['confirm', 'unsubscribe'] as const).map((action) => ({
    path: `newsletter/${action}`,
    lazy: lazyPage(
      () => import('../features/newsletter/newsletter-link-page.tsx'),
      (m) => (action === 'confirm' ? m.NewsletterConfirmPage : m.NewsletterUnsubscribePage),
    ),
  })),
  ...(['confirm', 'unsubscribe'] as const).map((action) => ({
    path: `back-in-stock/${action}`,
    lazy: lazyPage(
      () => import('../features/back-in-stock/back-in-stock-link-page.tsx'),
      (m) => (action === 'confirm' ? m.BackInStockConfirmPage : m.BackInStockUnsubscribePage),
    ),
  })),
  {
    path: 'verify-pending',
    lazy: lazyPage(
      () => import('../features/auth/verify-pending-page.tsx'),
      (m) => m.VerifyPendingPage,
    ),
  },
  {
    // docs/product.md#cart: an open page; guests are asked to log in there, not redirected.
    path: 'cart',
    lazy: lazyPage(
      () => import('../features/cart/cart-page.tsx'),
      (m) => m.CartPage,
    ),
  },
  {
    // The test-mode provider's wallet page: it stands where a wallet's own site would.
    path: 'test-wallet/:intentId',
    lazy: lazyPage(
      () => import('../features/checkout/test-wallet-page.tsx'),
      (m) => m.TestWalletPage,
    ),
  },
  {
    path: 'admin',
    lazy: lazyPage(
      () => import('../features/admin/admin-page.tsx'),
      (m) => m.AdminPage,
    ),
  },
  {
    path: 'dev/mailbox',
    lazy: lazyPage(
      () => import('../features/dev-mailbox/dev-mailbox-page.tsx'),
      (m) => m.DevMailboxPage,
    ),
  },
  {
    // Guards load with the pages they guard (in parallel): a guest's first page never needs them.
    lazy: lazyPage(
      () => import('./guards/require-auth.tsx'),
      (m) => m.RequireAuth,
    ),
    children: [
      {
        path: 'profile',
        lazy: lazyPage(
          () => import('../features/profile/profile-page.tsx'),
          (m) => m.ProfilePage,
        ),
      },
      {
        path: 'account/saved',
        lazy: lazyPage(
          () => import('../features/saved/saved-page.tsx'),
          (m) => m.SavedPage,
        ),
      },
      {
        path: 'account/orders',
        lazy: lazyPage(
          () => import('../features/orders/order-history-page.tsx'),
          (m) => m.OrderHistoryPage,
        ),
      },
    ],
  },
  {
    // docs/product.md#guest-checkout: a visitor without a session pays as a guest while the owner's
    // setting is on; otherwise these need a login as before. Signed-in users still need a verified email.
    lazy: lazyPage(
      () => import('./guards/require-account-or-guest.tsx'),
      (m) => m.RequireAccountOrGuest,
    ),
    children: [
      {
        lazy: lazyPage(
          () => import('./guards/require-verified.tsx'),
          (m) => m.RequireVerified,
        ),
        children: [
          {
            path: 'checkout',
            lazy: lazyPage(
              () => import('../features/checkout/checkout-page.tsx'),
              (m) => m.CheckoutPage,
            ),
          },
        ],
      },
      {
        // Where wallets and bank pages send the shopper back after paying.
        path: 'checkout/return',
        lazy: lazyPage(
          () => import('../features/checkout/checkout-return-page.tsx'),
          (m) => m.CheckoutReturnPage,
        ),
      },
    ],
  },
  {
    // The guest who paid reads the order by the cart's cookie; anyone may with the order's signed `?key=`.
    lazy: lazyPage(
      () => import('./guards/require-account-or-guest.tsx'),
      (m) => m.RequireAccountOrOrderKey,
    ),
    children: [
      {
        // The id may also be a payment intent id (pi_…) when the order could not be confirmed (docs/product.md#order-confirmation).
        path: 'order-confirmation/:orderId',
        lazy: lazyPage(
          () => import('../features/orders/order-confirmation-page.tsx'),
          (m) => m.OrderConfirmationPage,
        ),
      },
      {
        path: 'order-confirmation/:orderId/receipt',
        lazy: lazyPage(
          () => import('../features/orders/receipt-page.tsx'),
          (m) => m.ReceiptPage,
        ),
      },
    ],
  },
  {
    // docs/product.md#guest-checkout: a guest finds an order by the email given at checkout and its number.
    path: 'order-lookup',
    lazy: lazyPage(
      () => import('../features/orders/order-lookup-page.tsx'),
      (m) => m.OrderLookupPage,
    ),
  },
  {
    id: 'store-page',
    path: 'pages/:slug',
    lazy: lazyPage(
      () => import('./routes/store-page-route.tsx'),
      (m) => m.StorePageRoute,
    ),
  },
  {
    id: 'collection',
    path: 'collections/:slug',
    lazy: lazyPage(
      () => import('./routes/collection-route.tsx'),
      (m) => m.CollectionRoute,
    ),
  },
  {
    id: 'category',
    path: ':category',
    lazy: lazyPage(
      () => import('./routes/category-route.tsx'),
      (m) => m.CategoryRoute,
    ),
  },
  {
    id: 'not-found',
    path: '*',
    lazy: lazyPage(
      () => import('../features/not-found/not-found-page.tsx'),
      (m) => m.NotFoundPage,
    ),
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement,
    // Shown only while the first route's lazy chunk loads; the page then renders in one go.
    HydrateFallback: () => null,
    // A pathless child keeps the header and footer around a failed page.
    children: withErrorBoundary([{ children: pages }]),
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
