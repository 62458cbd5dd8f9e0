/**
 * The server renderer's entry (decision 023), built by `vite build --ssr` into
 * dist/server/entry-server.js and loaded by the API server at start. It renders the public catalog
 * pages with the same route objects, components and query options as the browser.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { ApiFetch, RenderResult } from '@shopper/contract';
import { isServerRenderedRoute, preparePage } from './app/page-data.ts';
import { Providers } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { setApiTransport } from './lib/api-client.ts';
import { serializeDehydratedState } from './lib/dehydrated-state.ts';

export { DEHYDRATED_STATE_ID } from './lib/dehydrated-state.ts';

/** Where each server-rendered route's code lives (keys of the client build's manifest). */
const ROUTE_MODULES: Record<string, string[]> = {
  home: ['src/features/home/home-page.tsx'],
  shop: ['src/features/catalog/shop-page.tsx'],
  category: ['src/app/routes/category-route.tsx'],
  'product-by-slug': ['src/app/routes/product-route.tsx'],
  'product-by-id': ['src/app/routes/product-route.tsx'],
  'store-page': ['src/app/routes/store-page-route.tsx'],
  collection: ['src/app/routes/collection-route.tsx'],
  'not-found': ['src/features/not-found/not-found-page.tsx'],
};

const handler = createStaticHandler(routes);

/** The HTML of `url` (path and query); `apiFetch` answers the API calls in process. */
export async function render(url: string, apiFetch: ApiFetch): Promise<RenderResult> {
  setApiTransport(apiFetch);
  const location = new URL(url, 'http://shop.invalid');
  const leaf = matchRoutes(routes, location.pathname)?.at(-1);
  const routeId = leaf?.route.id;
  if (!leaf || !isServerRenderedRoute(routeId)) return { kind: 'shell' } satisfies RenderResult;

  // No retries, and nothing refetches while the page renders.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const outcome = await preparePage(queryClient, routeId, leaf.params, location.searchParams);
  if (outcome.kind === 'redirect') return outcome satisfies RenderResult;

  const context = await handler.query(new Request(location));
  if (context instanceof Response) throw new Error(`The router answered ${context.status} for ${url}`);
  const router = createStaticRouter(handler.dataRoutes, context);

  // prerender waits for every lazy component and suspended query: the HTML is the whole page.
  // No boundary is outlined, however large: outlined content is moved into place by an inline
  // script, which the CSP forbids (script-src 'self'), and the layout's parts are boundaries (033).
  const { prelude } = await prerender(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();

  // Failed queries go too: a product's 404 renders "not found" in the browser as it did here.
  const state = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' });
  return {
    kind: 'page',
    status: outcome.status,
    page: outcome.page,
    html,
    state: serializeDehydratedState(state),
    modules: ROUTE_MODULES[routeId] ?? [],
  } satisfies RenderResult;
}
