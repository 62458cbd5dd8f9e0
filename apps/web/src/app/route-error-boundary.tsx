import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MESSAGES } from '@shopper/contract/plain';
import { Button } from '../components/button.tsx';
import { StatusPage, statusPageStyles } from '../components/status-page.tsx';
import { env } from '../config/env.ts';
import { HydrationMark } from './hydration-mark.tsx';

/** errorElement of every route (docs/product.md#layout: Oops! Something went wrong, Reload Page, Go to Homepage). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);

  return (
    <StatusPage
      title={MESSAGES.somethingWentWrong}
      actions={
        <>
          <Button onClick={() => window.location.reload()}>Reload Page</Button>
          {/* A full load, not a client navigation: the app state that failed is discarded. */}
          <Button variant="secondary" onClick={() => window.location.assign('/')}>
            Go to Homepage
          </Button>
        </>
      }
    >
      <p className={statusPageStyles.text}>
        An unexpected error stopped this page from rendering. Reloading usually fixes it.
      </p>
      {env.isDev ? (
        <details className={statusPageStyles.details}>
          <summary>Error details</summary>
          <pre>{detail}</pre>
        </details>
      ) : null}
      {/* At the root this page replaces the layout, and with it the layout's mark. */}
      <HydrationMark />
    </StatusPage>
  );
}
