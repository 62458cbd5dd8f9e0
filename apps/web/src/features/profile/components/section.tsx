import type { ReactNode } from 'react';
import styles from '../profile.module.css';

interface SectionProps {
  id: string;
  title: string;
  /** Edit or toggle buttons next to the title. */
  actions?: ReactNode;
  children: ReactNode;
}

export function ProfileSection({ id, title, actions, children }: SectionProps) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHeader}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
