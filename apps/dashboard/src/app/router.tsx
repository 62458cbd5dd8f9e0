import { createBrowserRouter, type RouteObject } from 'react-router';
import { Loading } from '../components/query-state.tsx';
import { env } from '../config/env.ts';
import { LoginPage } from '../features/auth/login-page.tsx';
import { RequireOwner } from './require-owner.tsx';
import { RequireStaff } from './require-staff.tsx';
import { NotFound, RouteError } from './route-error.tsx';

/**
 * Each screen is its own chunk, loaded when first opened. On the first load of the page the
 * router waits for the chunk of the screen asked for (a lazy route could bring a loader) and
 * renders the deepest HydrateFallback of the matched routes meanwhile; without one it renders
 * nothing and warns. The screen's own fallback lets the shell above it render, and check the
 * session, while its code arrives.
 */
const page = (
  load: () => Promise<{ Component: React.ComponentType }>,
): Pick<RouteObject, 'lazy' | 'errorElement' | 'HydrateFallback'> => ({
  lazy: load,
  errorElement: <RouteError />,
  HydrateFallback: Loading,
});

export const dashboardRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage />, errorElement: <RouteError /> },
  {
    path: '/',
    element: <RequireStaff />,
    errorElement: <RouteError />,
    children: [
      { index: true, ...page(() => import('../features/home/home-page.tsx')) },
      { path: 'products', ...page(() => import('../features/products/products-page.tsx')) },
      { path: 'products/new', ...page(() => import('../features/products/new-product-page.tsx')) },
      { path: 'products/:id', ...page(() => import('../features/products/edit-product-page.tsx')) },
      { path: 'orders', ...page(() => import('../features/orders/orders-page.tsx')) },
      { path: 'orders/:id', ...page(() => import('../features/orders/order-page.tsx')) },
      { path: 'customers', ...page(() => import('../features/customers/customers-page.tsx')) },
      { path: 'customers/:id', ...page(() => import('../features/customers/customer-page.tsx')) },
      { path: 'categories', ...page(() => import('../features/categories/categories-page.tsx')) },
      { path: 'stock', ...page(() => import('../features/stock/stock-page.tsx')) },
      { path: 'coupons', ...page(() => import('../features/coupons/coupons-page.tsx')) },
      { path: 'reviews', ...page(() => import('../features/reviews/reviews-page.tsx')) },
      {
        element: <RequireOwner />,
        children: [
          { path: 'staff', ...page(() => import('../features/staff/staff-page.tsx')) },
          { path: 'audit', ...page(() => import('../features/audit/audit-page.tsx')) },
          { path: 'newsletter', ...page(() => import('../features/newsletter/newsletter-page.tsx')) },
          { path: 'settings', ...page(() => import('../features/settings/settings-page.tsx')) },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export function createDashboardRouter() {
  // vite's base is '/dashboard/'; the router's basename has no trailing slash.
  return createBrowserRouter(dashboardRoutes, { basename: env.basePath.replace(/\/$/, '') || '/' });
}
