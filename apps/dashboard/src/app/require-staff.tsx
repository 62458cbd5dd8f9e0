import { Navigate, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { BACK_OFFICE_UI_MESSAGES as T } from '@shopper/contract';
import { Button } from '../components/button.tsx';
import { QueryState } from '../components/query-state.tsx';
import { useCurrentUser } from '../lib/current-user.ts';
import { hasRole } from '../lib/roles.ts';
import { signOut } from '../lib/sign-out.ts';
import { Shell } from './shell.tsx';
import styles from './require-staff.module.css';

/**
 * The back office opens for staff and owners only. A customer who signs in sees the refusal and
 * nothing else: no navigation, no figures (the server answers 403 to every call anyway).
 */
export function RequireStaff() {
  const { user, isLoading, error } = useCurrentUser();
  const location = useLocation();
  const queryClient = useQueryClient();
  if (!user && !isLoading && !error) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (!user) {
    return (
      <div className={styles.centre}>
        <QueryState
          isPending={isLoading}
          error={error}
          onRetry={() => void queryClient.invalidateQueries()}
          fallback={T.loadFailed}
        >
          {null}
        </QueryState>
      </div>
    );
  }
  if (!hasRole(user, 'staff')) {
    return (
      <div className={styles.centre}>
        <div className={styles.card}>
          <h1 className={styles.title}>{T.noAccess}</h1>
          <p>{T.noAccessHint}</p>
          <div className={styles.actions}>
            <Button onClick={() => void signOut(queryClient)}>Sign out</Button>
            <a href="/">Go to the shop</a>
          </div>
        </div>
      </div>
    );
  }
  return <Shell user={user} />;
}
