import type { CategoryBanner } from '@shopper/contract';
import { builtInBannerSrcSet } from '@shopper/contract/plain';
import type { ReactNode } from 'react';
import { Breadcrumb, type Crumb } from './breadcrumb.tsx';
import styles from './page-header.module.css';

interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  eyebrow?: string;
  breadcrumb: Crumb[];
  /**
   * docs/product.md#category-page: the header is a banner image if given, otherwise the title and
   * subtitle. 'pending' holds a banner-sized space while it is not known yet, so nothing shifts.
   */
  banner?: CategoryBanner | 'pending';
}

/**
 * How wide the banner is drawn: the container's width, or on a phone (page-header.module.css) a
 * 2.2:1 crop of a 4:1 picture, which draws it about 1.8 times the screen's width.
 */
const BANNER_SIZES = '(max-width: 600px) 182vw, min(100vw, 1240px)';

/** Title band of listing pages: breadcrumb, the page's single h1 and an optional subtitle or banner. */
export function PageHeader({ title, subtitle, eyebrow, breadcrumb, banner }: PageHeaderProps) {
  if (banner) {
    // The built-in banners come as WebP renderings too (decision 037); other images as they are.
    const srcSet = banner === 'pending' ? null : builtInBannerSrcSet(banner.image);
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
              srcSet={srcSet ?? undefined}
              sizes={srcSet ? BANNER_SIZES : undefined}
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
