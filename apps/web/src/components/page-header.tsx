import type { ReactNode } from 'react';
import { Breadcrumb, type Crumb } from './breadcrumb.tsx';
import styles from './page-header.module.css';

interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  eyebrow?: string;
  breadcrumb: Crumb[];
}

/** Title band of listing pages: breadcrumb, the page's single h1 and an optional subtitle. */
export function PageHeader({ title, subtitle, eyebrow, breadcrumb }: PageHeaderProps) {
  return (
    <header className={styles.band}>
      <div className={styles.inner}>
        <Breadcrumb items={breadcrumb} />
        {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
        <h1 className={styles.title}>{title}</h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      </div>
    </header>
  );
}
