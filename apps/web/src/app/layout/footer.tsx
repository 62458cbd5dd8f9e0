import { Link } from 'react-router';
import {
  COPYRIGHT_YEAR,
  GUEST_CHECKOUT_MESSAGES,
  SITE_NAME,
  STORE_PAGE_TITLES,
  storePagePath,
} from '@shopper/contract/plain';
import styles from './footer.module.css';

const COLUMNS = [
  {
    title: 'Shop',
    links: [
      { to: '/men', label: 'Men' },
      { to: '/women', label: 'Women' },
      { to: '/kids', label: 'Kids' },
    ],
  },
  {
    title: 'Offers',
    links: [
      { to: '/shop', label: 'All products' },
      { to: '/shop?discount=true', label: 'On sale' },
      { to: '/shop?sort=date-newest', label: 'New arrivals' },
    ],
  },
  {
    title: 'Help',
    links: [
      { to: '/shop?sort=rating', label: 'Top rated' },
      { to: '/error-demo', label: 'Error demo' },
      { to: storePagePath('shipping'), label: STORE_PAGE_TITLES.shipping },
      { to: storePagePath('returns'), label: STORE_PAGE_TITLES.returns },
      { to: storePagePath('size-guide'), label: STORE_PAGE_TITLES['size-guide'] },
      { to: '/order-lookup', label: GUEST_CHECKOUT_MESSAGES.lookupTitle },
    ],
  },
  {
    title: 'About',
    links: [
      { to: storePagePath('contact'), label: STORE_PAGE_TITLES.contact },
      { to: storePagePath('terms'), label: STORE_PAGE_TITLES.terms },
      { to: storePagePath('privacy'), label: STORE_PAGE_TITLES.privacy },
    ],
  },
] as const;

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <span className={styles.logo}>{SITE_NAME}</span>
          <p className={styles.tagline}>Everyday fashion for men, women and kids — made to be worn and loved.</p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={`Footer: ${column.title}`}>
            <h2 className={styles.columnTitle}>{column.title}</h2>
            <ul className={styles.links}>
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className={styles.bottom}>
        <p className={styles.bottomInner}>
          © {COPYRIGHT_YEAR} {SITE_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
