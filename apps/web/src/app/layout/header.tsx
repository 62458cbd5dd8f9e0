import { lazy, Suspense, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router';
import { SITE_NAME } from '@shopper/contract/plain';
import { ButtonLink } from '../../components/button.tsx';
import { HydrationPart } from '../../components/hydration-part.tsx';
import { useChangesBeforeHydration } from '../../hooks/use-changes-before-hydration.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { CartLink } from './cart-link.tsx';
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
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const panelId = useId();
  const { user } = useCurrentUser();
  // docs/product.md#layout: logo and menu toggle are ignored while a page transition is in progress.
  const isTransitioning = navigation.state !== 'idle';

  const urlQuery = location.pathname === '/shop' ? (searchParams.get('q') ?? '') : '';
  const [search, setSearch] = useState(urlQuery);
  // Follow the URL (back/forward, links) without an effect: adjust state while rendering.
  const [seenQuery, setSeenQuery] = useState(urlQuery);
  if (seenQuery !== urlQuery) {
    setSeenQuery(urlQuery);
    setSearch(urlQuery);
  }
  // Text typed into the search box before the header hydrated is the search's text.
  const searchRef = useRef<HTMLInputElement>(null);
  useChangesBeforeHydration(searchRef, ([field]) => setSearch(field?.value ?? ''));
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

  function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = search.trim();
    void navigate(q ? `/shop?q=${encodeURIComponent(q)}` : '/shop');
    setIsMenuOpen(false);
  }

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.logo} aria-label={`${SITE_NAME} home`} onClick={handleLogoClick}>
          <span className={styles.logoMark} aria-hidden="true" />
          {SITE_NAME}
        </Link>

        {/* On phones the cart stays one tap away, beside the menu toggle rather than inside the menu. */}
        {user ? (
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

          {/* A GET form to /shop: search works before JavaScript does. */}
          <form className={styles.search} role="search" method="get" action="/shop" onSubmit={handleSearch}>
            <input
              className={styles.searchInput}
              type="search"
              name="q"
              aria-label="Search products"
              placeholder="Search products"
              maxLength={100}
              ref={searchRef}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
            <button type="submit" className={styles.searchButton} aria-label="Search">
              <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <circle cx="11" cy="11" r="7" />
                <path d="m20 20-3.5-3.5" strokeLinecap="round" />
              </svg>
            </button>
          </form>

          <HydrationPart>
            <AccountLinks />
          </HydrationPart>
        </div>
      </div>
    </header>
  );
}

/**
 * Cart and account menu, or Login and Signup. It reads the session itself, inside its hydration
 * part, so the part hydrates as the server rendered it (a guest) and then shows the account.
 */
function AccountLinks() {
  const { user, isLoading } = useCurrentUser();
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
