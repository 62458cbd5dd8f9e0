import { lazy, Suspense, useId, useState, type MouseEvent } from 'react';
import { Link, NavLink, useLocation, useNavigation } from 'react-router';
import { SITE_NAME } from '@shopper/contract/plain';
import { ButtonLink } from '../../components/button.tsx';
import { HydrationPart } from '../../components/hydration-part.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { useHasGuestCart } from '../../lib/guest-checkout.ts';
import { CartLink } from './cart-link.tsx';
import { SearchBox } from './search-box.tsx';
import styles from './header.module.css';

// The menu widget is only needed once someone is signed in: guests never download it.
const UserMenu = lazy(() => import('./user-menu.tsx').then((module) => ({ default: module.UserMenu })));

const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/men', label: 'Men' },
  { to: '/women', label: 'Women' },
  { to: '/kids', label: 'Kids' },
  { to: '/shop', label: 'Shop' },
] as const;

export function Header() {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const navigation = useNavigation();
  const location = useLocation();
  const panelId = useId();
  const { user } = useCurrentUser();
  const hasGuestCart = useHasGuestCart();
  // docs/product.md#layout: logo and menu toggle are ignored while a page transition is in progress.
  const isTransitioning = navigation.state !== 'idle';

  const [seenPath, setSeenPath] = useState(location.pathname);
  if (seenPath !== location.pathname) {
    setSeenPath(location.pathname);
    setIsMenuOpen(false);
  }

  function handleLogoClick(event: MouseEvent<HTMLAnchorElement>) {
    if (isTransitioning) event.preventDefault();
  }

  function handleToggle() {
    if (isTransitioning) return;
    setIsMenuOpen((open) => !open);
  }

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.logo} aria-label={`${SITE_NAME} home`} onClick={handleLogoClick}>
          <span className={styles.logoMark} aria-hidden="true" />
          {SITE_NAME}
        </Link>

        {/* On phones the cart stays one tap away, beside the menu toggle rather than inside the menu. */}
        {user || hasGuestCart ? (
          <span className={styles.mobileCart}>
            <CartLink />
          </span>
        ) : null}

        {/* A native button: Enter and Space already fire its click (docs/product.md#layout: click or Enter). */}
        <button
          type="button"
          className={styles.toggle}
          aria-label="Toggle mobile menu"
          aria-expanded={isMenuOpen}
          aria-controls={panelId}
          onClick={handleToggle}
        >
          <span className={styles.toggleBars} aria-hidden="true" />
        </button>

        <div id={panelId} className={styles.panel} data-open={isMenuOpen}>
          <HydrationPart>
            <nav className={styles.nav} aria-label="Main">
              <ul className={styles.navList}>
                {NAV_LINKS.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end={link.to === '/'} className={styles.navLink}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </HydrationPart>

          <SearchBox className={styles.search ?? ''} onNavigate={() => setIsMenuOpen(false)} />

          <HydrationPart>
            <AccountLinks />
          </HydrationPart>
        </div>
      </div>
    </header>
  );
}

/**
 * Cart and account menu, or Login and Signup (with the cart when a guest holds one, decision 072).
 * It reads the session itself, inside its hydration part, so the part hydrates as the server
 * rendered it (a guest) and then shows the account.
 */
function AccountLinks() {
  const { user, isLoading } = useCurrentUser();
  const hasGuestCart = useHasGuestCart();
  return (
    <div className={styles.auth}>
      {user ? (
        <>
          <CartLink />
          <Suspense fallback={<span className={styles.authPlaceholder} aria-hidden="true" />}>
            <UserMenu user={user} />
          </Suspense>
        </>
      ) : isLoading ? (
        <span className={styles.authPlaceholder} aria-hidden="true" />
      ) : (
        <>
          {hasGuestCart ? <CartLink /> : null}
          <ButtonLink to="/login" variant="secondary" size="small">
            Login
          </ButtonLink>
          <ButtonLink to="/signup" variant="primary" size="small">
            Signup
          </ButtonLink>
        </>
      )}
    </div>
  );
}
