import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';

/** Renders routes in a memory router with a fresh query client, as the app does. */
export function renderRoutes(
  routes: RouteObject[],
  initialEntries: (string | { pathname: string; state?: unknown })[],
) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries, initialIndex: initialEntries.length - 1 });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

export function renderPage(element: ReactNode, path = '/', extraRoutes: RouteObject[] = []) {
  return renderRoutes([{ path, element }, ...extraRoutes], [path]);
}
