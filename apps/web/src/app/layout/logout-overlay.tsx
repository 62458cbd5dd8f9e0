import { useLogoutTransition } from '../../lib/logout-transition.ts';
import styles from './root-layout.module.css';

/** The logout transition of SPEC §4 (at least 800 ms). */
export function LogoutOverlay() {
  const isActive = useLogoutTransition();
  if (!isActive) return null;
  return (
    <div className={styles.overlay} role="status" aria-live="assertive">
      <span className={styles.overlaySpinner} aria-hidden="true" />
      Logging out…
    </div>
  );
}
