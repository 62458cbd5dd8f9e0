import { Navigate, Outlet, useLocation } from 'react-router';
import { ACCOUNT_MESSAGES } from '@shopper/contract/plain';
import { Spinner } from '../../components/spinner.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { useLogoutTransition } from '../../lib/logout-transition.ts';
import { didSessionExpire } from '../../lib/session.ts';

/**
 * docs/product.md#guards: a loading state while the session loads; then a visitor with no session goes
 * to /login (replace) with the requested location kept as state, to come back after login.
 */
export function RequireAuth() {
  const location = useLocation();
  const { isAuthenticated, isLoading } = useCurrentUser();
  const isLoggingOut = useLogoutTransition();
  if (isLoading) return <Spinner label="Checking your session…" />;
  // Logout goes to / on its own (docs/product.md#session); a redirect to /login here would race it and could win.
  if (!isAuthenticated && isLoggingOut) return null;
  if (!isAuthenticated) {
    // After a failed refresh this redirect and the expiry's own one race: both carry the notice.
    const notice = didSessionExpire() ? { message: ACCOUNT_MESSAGES.sessionExpired } : {};
    return <Navigate to="/login" replace state={{ from: location, ...notice }} />;
  }
  return <Outlet />;
}
