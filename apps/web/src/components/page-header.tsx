import type { CategoryBanner } from '@shopper/contract';
import type { ReactNode } from 'react';
import { Breadcrumb, type Crumb } from './breadcrumb.tsx';
import styles from './page-header.module.css';

interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  eyebrow?: string;
  breadcrumb: Crumb[];
  /**
   * SPEC §2 Category page: the header is a banner image if given, otherwise the title and
   * subtitle. 'pending' holds a banner-sized space while it is not known yet, so nothing shifts.
   */
  banner?: CategoryBanner | 'pending';
}

/** Title band of listing pages: breadcrumb, the page's single h1 and an optional subtitle or banner. */
export function PageHeader({ title, subtitle, eyebrow, breadcrumb, banner }: PageHeaderProps) {
  if (banner) {
    return (
      <header className={styles.bannerBand}>
        <div className={styles.inner}>
          <Breadcrumb items={breadcrumb} />
          {/* The banner shows the title; the heading stays for assistive technology and the outline. */}
          <h1 className="visually-hidden">{title}</h1>
          {banner === 'pending' ? (
            <div className={styles.bannerSlot} aria-hidden="true" />
          ) : (
            <img
              className={styles.banner}
              src={banner.image}
              alt={banner.alt}
              width={banner.width}
              height={banner.height}
              fetchPriority="high"
            />
          )}
        </div>
      </header>
    );
  }
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
