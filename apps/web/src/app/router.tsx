import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from './guards/require-auth.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { lazyPage } from './lazy-page.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

const errorElement = <RouteErrorBoundary />;

/** Every route gets the error boundary (STYLE.md: every route has one). */
function withErrorBoundary(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => ({
    ...route,
    errorElement,
    ...(route.children ? { children: withErrorBoundary(route.children) } : {}),
  })) as RouteObject[];
}

const pages: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('../features/home/home-page.tsx'),
      (m) => m.HomePage,
    ),
  },
  {
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
    path: 'product/:productId',
    lazy: lazyPage(
      () => import('../features/product/product-page.tsx'),
      (m) => m.ProductByIdPage,
    ),
  },
  {
    path: 'products/:productSlug',
    lazy: lazyPage(
      () => import('../features/product/product-page.tsx'),
      (m) => m.ProductBySlugPage,
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
    // Pages of later issues (accounts, cart, checkout, orders) sit behind the session guard.
    element: <RequireAuth />,
    children: [
      { path: 'checkout' },
      { path: 'profile' },
      { path: 'account/orders' },
      { path: 'order-confirmation/:orderId' },
    ],
  },
  {
    path: ':category',
    lazy: lazyPage(
      () => import('./routes/category-route.tsx'),
      (m) => m.CategoryRoute,
    ),
  },
  {
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
