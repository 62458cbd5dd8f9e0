import type { ReactNode } from 'react';
import styles from './status-page.module.css';

interface StatusPageProps {
  code?: string;
  title: string;
  children?: ReactNode;
  actions: ReactNode;
}

/** Full-page message used by the not-found page and the error boundary. */
export function StatusPage({ code, title, children, actions }: StatusPageProps) {
  return (
    <div className={styles.page}>
      <div className={styles.card}>
        {code ? (
          <p className={styles.code} aria-hidden="true">
            {code}
          </p>
        ) : null}
        <h1 className={styles.title}>{title}</h1>
        {children}
        <div className={styles.actions}>{actions}</div>
      </div>
    </div>
  );
}

export const statusPageStyles = styles;
