import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TOAST_DURATION_MS } from '@shopper/contract/plain';
import { useIsHydrated } from '../hooks/use-is-hydrated.ts';

// Toasts only follow a user action or a failed request, so the toaster loads after first paint.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** The query client is the caller's: the browser seeds it with the server's data before hydrating. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // A server-rendered page has no toaster in its HTML; it mounts once the page is hydrated.
  const isHydrated = useIsHydrated();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {isHydrated ? (
        <Suspense fallback={null}>
          <Toaster
            position="top-right"
            offset={{ top: '76px', right: '16px' }}
            richColors
            closeButton
            duration={TOAST_DURATION_MS.info}
          />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
