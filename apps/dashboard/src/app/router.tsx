import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
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
function page<M>(
  load: () => Promise<M>,
  pick: (module: M) => React.ComponentType,
): Pick<RouteObject, 'lazy' | 'errorElement' | 'HydrateFallback'> {
  return {
    lazy: () => load().then((module) => ({ Component: pick(module) })),
    errorElement: <RouteError />,
    HydrateFallback: Loading,
  };
}

/** A screen's former address: the same query, at the screen's address now. */
function MovedTo({ pathname }: { pathname: string }) {
  const { search } = useLocation();
  return <Navigate replace to={{ pathname, search }} />;
}

export const dashboardRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage />, errorElement: <RouteError /> },
  {
    path: '/',
    element: <RequireStaff />,
    errorElement: <RouteError />,
    children: [
      {
        index: true,
        ...page(
          () => import('../features/home/home-page.tsx'),
          (m) => m.HomePage,
        ),
      },
      {
        path: 'products',
        ...page(
          () => import('../features/products/products-page.tsx'),
          (m) => m.ProductsPage,
        ),
      },
      {
        path: 'products/new',
        ...page(
          () => import('../features/products/new-product-page.tsx'),
          (m) => m.NewProductPage,
        ),
      },
      { path: 'import', element: <MovedTo pathname="/catalog-import" /> },
      {
        path: 'catalog-import',
        ...page(
          () => import('../features/catalog-import/catalog-import-page.tsx'),
          (m) => m.CatalogImportPage,
        ),
      },
      {
        path: 'products/:id',
        ...page(
          () => import('../features/products/edit-product-page.tsx'),
          (m) => m.EditProductPage,
        ),
      },
      {
        path: 'orders',
        ...page(
          () => import('../features/orders/orders-page.tsx'),
          (m) => m.OrdersPage,
        ),
      },
      {
        path: 'orders/:id',
        ...page(
          () => import('../features/orders/order-page.tsx'),
          (m) => m.OrderPage,
        ),
      },
      {
        path: 'returns',
        ...page(
          () => import('../features/returns/returns-page.tsx'),
          (m) => m.ReturnsPage,
        ),
      },
      {
        path: 'customers',
        ...page(
          () => import('../features/customers/customers-page.tsx'),
          (m) => m.CustomersPage,
        ),
      },
      {
        path: 'customers/:id',
        ...page(
          () => import('../features/customers/customer-page.tsx'),
          (m) => m.CustomerPage,
        ),
      },
      {
        path: 'categories',
        ...page(
          () => import('../features/categories/categories-page.tsx'),
          (m) => m.CategoriesPage,
        ),
      },
      {
        path: 'collections',
        ...page(
          () => import('../features/collections/collections-page.tsx'),
          (m) => m.CollectionsPage,
        ),
      },
      {
        path: 'collections/home',
        ...page(
          () => import('../features/collections/home-sections-page.tsx'),
          (m) => m.HomeSectionsPage,
        ),
      },
      ...['collections/new', 'collections/:id'].map((path) => ({
        path,
        ...page(
          () => import('../features/collections/collection-editor-page.tsx'),
          (m) => m.CollectionEditorPage,
        ),
      })),
      {
        path: 'stock',
        ...page(
          () => import('../features/stock/stock-page.tsx'),
          (m) => m.StockPage,
        ),
      },
      {
        path: 'coupons',
        ...page(
          () => import('../features/coupons/coupons-page.tsx'),
          (m) => m.CouponsPage,
        ),
      },
      {
        path: 'reviews',
        ...page(
          () => import('../features/reviews/reviews-page.tsx'),
          (m) => m.ReviewsPage,
        ),
      },
      {
        element: <RequireOwner />,
        children: [
          {
            path: 'staff',
            ...page(
              () => import('../features/staff/staff-page.tsx'),
              (m) => m.StaffPage,
            ),
          },
          {
            path: 'audit',
            ...page(
              () => import('../features/audit/audit-page.tsx'),
              (m) => m.AuditPage,
            ),
          },
          {
            path: 'newsletter',
            ...page(
              () => import('../features/newsletter/newsletter-page.tsx'),
              (m) => m.NewsletterPage,
            ),
          },
          ...['pages', 'pages/:slug'].map((path) => ({
            path,
            ...page(
              () => import('../features/store-pages/store-pages-page.tsx'),
              (m) => m.StorePagesPage,
            ),
          })),
          {
            path: 'shipping',
            ...page(
              () => import('../features/shipping/shipping-page.tsx'),
              (m) => m.ShippingPage,
            ),
          },
          {
            path: 'taxes',
            ...page(
              () => import('../features/taxes/taxes-page.tsx'),
              (m) => m.TaxesPage,
            ),
          },
          {
            path: 'settings',
            ...page(
              () => import('../features/settings/settings-page.tsx'),
              (m) => m.SettingsPage,
            ),
          },
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
