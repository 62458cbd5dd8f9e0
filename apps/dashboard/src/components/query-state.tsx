import type { ReactNode } from 'react';
import { messageOf } from '../lib/api-client.ts';
import { Button } from './button.tsx';
import styles from './query-state.module.css';

/** Loading and failure of one query, so every screen says the same thing the same way. */
export function QueryState({
  isPending,
  error,
  onRetry,
  fallback,
  children,
}: {
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  fallback: string;
  children: ReactNode;
}) {
  if (error) {
    return (
      <div className={styles.error} role="alert">
        <p>{messageOf(error, fallback)}</p>
        <Button onClick={onRetry}>Try again</Button>
      </div>
    );
  }
  if (isPending) return <Loading />;
  return <>{children}</>;
}

/** The one way the back office says it is waiting: for a screen's data, or on a first load for its code. */
export function Loading() {
  return (
    <p className={styles.loading} role="status">
      Loading…
    </p>
  );
}
