import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { hydrate } from '@tanstack/react-query';
import { Providers } from './app/providers.tsx';
import { createAppRouter, routes } from './app/router.tsx';
import { DEHYDRATED_STATE_ID, parseDehydratedState } from './lib/dehydrated-state.ts';
import { replayEarlyTaps } from './lib/early-taps.ts';
import { createQueryClient } from './lib/query-client.ts';
import './styles/tokens.css';
import './styles/global.css';

/**
 * Loads the code of the routes the server rendered before hydrating, so the first client render
 * is the page itself and not the router's HydrateFallback (which would not match the HTML).
 */
async function loadInitialRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

async function start(container: HTMLElement): Promise<void> {
  const queryClient = createQueryClient();
  // Present only in a page the server rendered (the public catalog pages, decision 023).
  const state = parseDehydratedState(document.getElementById(DEHYDRATED_STATE_ID)?.textContent);
  if (state) {
    hydrate(queryClient, state);
    await loadInitialRoutes();
  }
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  if (!state) {
    createRoot(container).render(app);
    return;
  }
  // In a transition React hydrates in slices and yields to the browser between them (decision 032);
  // the layout's Suspense boundaries hydrate on their own, first the one a visitor taps (039).
  startTransition(() => void hydrateRoot(container, app));
  replayEarlyTaps();
}

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');
void start(container);
