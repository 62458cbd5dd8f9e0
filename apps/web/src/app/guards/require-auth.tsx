import { Navigate, Outlet, useLocation } from 'react-router';
import { isSignedIn } from '../../lib/session.ts';

/**
 * SPEC §2 Guards: a visitor with no session goes to /login (replace) with the requested
 * location kept as state. Accounts arrive later; until then "signed in" means a stored token.
 */
export function RequireAuth() {
  const location = useLocation();
  if (!isSignedIn()) return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}
