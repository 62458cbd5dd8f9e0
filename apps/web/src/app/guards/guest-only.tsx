import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/spinner.tsx';
import { fromPath } from '../../features/auth/from-path.ts';
import { useCurrentUser } from '../../lib/current-user.ts';

/**
 * docs/product.md#guards: guest-only pages send a signed-in user to / — login and signup
 * (`isFromAware`) to the origin kept in the route state. The guard decides once, for the visitor
 * who arrives signed in; a login on the page itself navigates on its own (signup to
 * /verify-pending), so the guard must not race it.
 */
export function GuestOnly({ isFromAware = false }: { isFromAware?: boolean }) {
  const location = useLocation();
  const { isAuthenticated, isLoading } = useCurrentUser();
  const [arrivedSignedIn, setArrivedSignedIn] = useState<boolean | null>(null);
  if (arrivedSignedIn === null && !isLoading) setArrivedSignedIn(isAuthenticated);

  if (arrivedSignedIn === null) return <Spinner label="Checking your session…" />;
  if (arrivedSignedIn && isAuthenticated) {
    return <Navigate to={isFromAware ? fromPath(location.state) : '/'} replace />;
  }
  return <Outlet />;
}

/** Login and signup: a signed-in visitor goes back to where they came from. */
export function FromAwareGuestOnly() {
  return <GuestOnly isFromAware />;
}
