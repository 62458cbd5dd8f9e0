import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/spinner.tsx';
import { useCurrentUser, useHasSession } from '../../lib/current-user.ts';
import { useGuestCheckout } from '../../lib/guest-checkout.ts';
import { useLogoutTransition } from '../../lib/logout-transition.ts';
import { RequireAuth } from './require-auth.tsx';

/**
 * The checkout and order pages with guest checkout (docs/product.md#guest-checkout): a visitor
 * without a session gets through while the owner's setting is on, and an order page opened with its
 * signed `?key=` always does (the server checks the key). Anyone else meets RequireAuth as before:
 * with the setting off, or unknown, the pages need a login exactly as they always did.
 */
function AccountOrGuest({ isOrderPage }: { isOrderPage: boolean }) {
  const location = useLocation();
  const { isAuthenticated, isLoading } = useCurrentUser();
  const hasSession = useHasSession();
  const isLoggingOut = useLogoutTransition();
  const guestCheckout = useGuestCheckout();
  const hasOrderKey = isOrderPage && new URLSearchParams(location.search).has('key');

  if (isLoading) return <Spinner label="Checking your session…" />;
  if (isAuthenticated || hasOrderKey) return <Outlet />;
  // A stored session that failed to load, or a logout under way, is RequireAuth's to handle.
  if (!hasSession && !isLoggingOut) {
    if (!guestCheckout.isKnown) return <Spinner label="Checking your session…" />;
    if (guestCheckout.isOn) return <Outlet />;
  }
  return <RequireAuth />;
}

/** /checkout and /checkout/return. */
export function RequireAccountOrGuest() {
  return <AccountOrGuest isOrderPage={false} />;
}

/** /order-confirmation/:orderId and its receipt: also open to anyone holding the order's key. */
export function RequireAccountOrOrderKey() {
  return <AccountOrGuest isOrderPage />;
}
