import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isAfterLogout, setLogoutTransition, useLogoutTransition } from '../../lib/logout-transition.ts';
import styles from './root-layout.module.css';

/**
 * The logout transition of docs/product.md#session (at least 800 ms). It ends when the logout's way to / has
 * been rendered, so no protected page is on screen without the transition that explains it.
 */
export function LogoutOverlay() {
  const isActive = useLogoutTransition();
  const hasArrived = isAfterLogout(useLocation().state);
  useEffect(() => {
    if (isActive && hasArrived) setLogoutTransition(false);
  }, [isActive, hasArrived]);
  if (!isActive) return null;
  return (
    <div className={styles.overlay} role="status" aria-live="assertive">
      <span className={styles.overlaySpinner} aria-hidden="true" />
      Logging out…
    </div>
  );
}
