import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';

/** Renders routes in a memory router with a fresh query client, as the back office does. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

type Handler = (request: { url: URL; init: RequestInit | undefined }) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Fakes the API by 'METHOD /path' (no query). Answers are built by the tests from contract
 * schemas, so they cannot drift from what the server sends. Unknown calls answer 404.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  globalThis.fetch = (async (input: string | URL, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler)
      return json(404, { success: false, code: 'NOT_FOUND', message: `No fake for ${method} ${url.pathname}` });
    return handler({ url, init });
  }) as typeof fetch;
  return calls;
}
