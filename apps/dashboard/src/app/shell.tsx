import { useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@shopper/contract';
import { Button } from '../components/button.tsx';
import { hasRole, roleLabel } from '../lib/roles.ts';
import { signOut } from '../lib/sign-out.ts';
import { NAV_ITEMS } from './nav-items.ts';
import styles from './shell.module.css';

/** Sidebar navigation on a laptop, a menu button on a phone; only the screens the role may open. */
export function Shell({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const [menuPath, setMenuPath] = useState(location.pathname);
  // Following a link closes the phone menu.
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }
  const items = NAV_ITEMS.filter((item) => hasRole(user, item.minRole));
  return (
    <div className={styles.shell}>
      <header className={styles.topbar}>
        <span className={styles.brand}>SHOPPER back office</span>
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={isMenuOpen}
          aria-controls="back-office-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
      </header>
      <nav
        id="back-office-nav"
        aria-label="Back office"
        className={`${styles.sidebar} ${isMenuOpen ? styles.open : ''}`}
      >
        <ul className={styles.links}>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === '/'}
                className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className={styles.account}>
          <p className={styles.who}>
            <span>{user.email}</span>
            <span className={styles.role}>{roleLabel(user)}</span>
          </p>
          <Button variant="ghost" onClick={() => void signOut(queryClient)}>
            Sign out
          </Button>
        </div>
      </nav>
      <main className={styles.main} id="main">
        <Outlet />
      </main>
    </div>
  );
}
