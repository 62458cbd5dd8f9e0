import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES } from '@shopper/contract/plain';
import { cartQueryKeys } from '../lib/cart-keys.ts';
import { currentUserQueryKey } from '../lib/current-user.ts';
import { onSessionExpired } from '../lib/session.ts';

/**
 * docs/product.md#session: when the api client's refresh fails it reports the expiry; the user goes to
 * /login with 'Your session has expired. Please log in again.' and comes back after logging in.
 */
export function SessionExpiry() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const locationRef = useRef(location);
  useEffect(() => {
    locationRef.current = location;
  }, [location]);

  useEffect(
    () =>
      onSessionExpired(() => {
        queryClient.removeQueries({ queryKey: currentUserQueryKey });
        // The next login may be someone else's: no cart of this session may show.
        queryClient.removeQueries({ queryKey: cartQueryKeys.all });
        const from = locationRef.current;
        if (from.pathname === '/login') return;
        void navigate('/login', { state: { message: ACCOUNT_MESSAGES.sessionExpired, from } });
      }),
    [navigate, queryClient],
  );
  return null;
}
