import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

interface EmptyStateProps {
  title?: string;
  message: ReactNode;
  actions?: ReactNode;
  /** Heading level of the title; a page's own heading is the h1. */
  headingLevel?: 'h1' | 'h2' | 'h3';
  role?: 'alert' | 'status';
}

export function EmptyState({ title, message, actions, headingLevel = 'h2', role }: EmptyStateProps) {
  const Heading = headingLevel;
  return (
    <div className={styles.card} role={role}>
      {title ? <Heading className={styles.title}>{title}</Heading> : null}
      <p className={styles.message}>{message}</p>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
