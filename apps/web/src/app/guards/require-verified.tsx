import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { ACCOUNT_UI_MESSAGES } from '@shopper/contract/plain';
import { Spinner } from '../../components/spinner.tsx';
import { isEmailVerified, useCurrentUser } from '../../lib/current-user.ts';

interface RequireVerifiedProps {
  /**
   * docs/product.md#guards: by default unverified users are sent to /verify-pending. With `shouldPrompt`
   * they are asked first; declining goes back to the previous page (or / without one).
   */
  shouldPrompt?: boolean;
}

/** Use inside RequireAuth or RequireAccountOrGuest: only a signed-in user is checked; a guest passes. */
export function RequireVerified({ shouldPrompt = false }: RequireVerifiedProps) {
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const isUnverified = user !== null && !isEmailVerified(user);
  const hasAsked = useRef(false);

  useEffect(() => {
    if (!shouldPrompt || !isUnverified || hasAsked.current) return;
    hasAsked.current = true;
    const pendingState = { email: user.email, from: location };
    if (window.confirm(ACCOUNT_UI_MESSAGES.verificationRequiredPrompt)) {
      void navigate('/verify-pending', { replace: true, state: pendingState });
    } else if (location.key !== 'default') {
      void navigate(-1);
    } else {
      void navigate('/', { replace: true });
    }
  }, [shouldPrompt, isUnverified, user, location, navigate]);

  if (isLoading) return <Spinner label="Checking your session…" />;
  if (isUnverified) {
    if (shouldPrompt) return null;
    return <Navigate to="/verify-pending" replace state={{ email: user.email, from: location }} />;
  }
  return <Outlet />;
}
