import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LOGOUT_TRANSITION_MS } from '@shopper/contract/plain';
import { apiRequest } from '../lib/api-client.ts';
import { AFTER_LOGOUT, setLogoutTransition } from '../lib/logout-transition.ts';
import { endSession } from '../lib/session.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * docs/product.md#session: logout shows the transition overlay for at least 800 ms, tells the server
 * (which revokes the refresh cookie), clears the token, sets the logged-out marker, cancels
 * pending requests, empties every cached answer (the cart with them) and goes to /.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    setLogoutTransition(true);
    const minimum = wait(LOGOUT_TRANSITION_MS);
    try {
      await apiRequest('/users/logout', { method: 'POST' });
    } catch {
      // The local session ends whatever the server says; its cookie expires on its own.
    }
    endSession();
    await queryClient.cancelQueries();
    queryClient.clear();
    await minimum;
    // The overlay ends once / is on screen (LogoutOverlay), not when the navigation starts: React
    // Router renders it in a transition, which an urgent update would overtake, and the protected
    // page would then see neither a session nor a logout, and send to /login.
    await navigate('/', { replace: true, state: AFTER_LOGOUT });
  }, [navigate, queryClient]);
}
