import type { ReactNode } from 'react';
import styles from './alert.module.css';

type AlertTone = 'error' | 'success' | 'warning' | 'info';

/** An inline message: errors are announced at once (role alert), the rest politely (status). */
export function Alert({ tone, children, title }: { tone: AlertTone; children: ReactNode; title?: string }) {
  return (
    <div className={styles.alert} data-tone={tone} role={tone === 'error' ? 'alert' : 'status'}>
      {title ? <p className={styles.title}>{title}</p> : null}
      <div>{children}</div>
    </div>
  );
}
