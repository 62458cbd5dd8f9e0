import type { ReactNode } from 'react';
import styles from './panel.module.css';

/** A white card grouping one part of a screen, with an optional heading. */
export function Panel({ title, actions, children }: { title?: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.panel} aria-label={title}>
      {title || actions ? (
        <div className={styles.head}>
          {title ? <h2 className={styles.title}>{title}</h2> : <span />}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}
