import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { TOAST_DURATION_MS } from '@shopper/contract';
import { createQueryClient } from '../lib/query-client.ts';

// Toasts only follow a user action or a failed request, so the toaster loads after first paint.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster
          position="top-right"
          offset={{ top: '76px', right: '16px' }}
          richColors
          closeButton
          duration={TOAST_DURATION_MS.info}
        />
      </Suspense>
    </QueryClientProvider>
  );
}
