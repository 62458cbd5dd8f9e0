import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import styles from './route-error.module.css';

/** Every route's error boundary: a failed screen never blanks the whole back office. */
export function RouteError() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className={styles.box} role="alert">
      <h1>{isNotFound ? 'Page not found' : 'Oops! Something went wrong'}</h1>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload Page
        </button>{' '}
        <Link to="/">Go to Home</Link>
      </p>
    </div>
  );
}

/** A back-office path that names no screen. */
export function NotFound() {
  return (
    <div className={styles.box}>
      <h1>Page not found</h1>
      <p>
        <Link to="/">Go to Home</Link>
      </p>
    </div>
  );
}
