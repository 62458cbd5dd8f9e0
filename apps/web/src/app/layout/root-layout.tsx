import { Suspense, type ReactNode } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { HydrationMark } from '../hydration-mark.tsx';
import { SessionExpiry } from '../session-expiry.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { LogoutOverlay } from './logout-overlay.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import styles from './root-layout.module.css';

/**
 * A part of the page React hydrates on its own (decision 033): a server-rendered Suspense boundary
 * is hydrated in a pass of its own after the root, so neither rendering nor committing the whole
 * page's hydration is one long task. The fallback never shows: the server renders every part.
 */
function Part({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      {navigation.state !== 'idle' ? (
        <div className={styles.progress} role="progressbar" aria-label="Loading page" />
      ) : null}
      <Part>
        <Header />
      </Part>
      <div className={styles.band}>
        <p className={styles.bandInner}>
          <span className={styles.bandAccent}>Free shipping</span> on every order · Easy 30-day returns
        </p>
      </div>
      <main id="main" className={styles.main} tabIndex={-1}>
        <Part>
          <Outlet />
        </Part>
      </main>
      {/* React hydrates the parts in document order: once the last has, the page is React's. */}
      <Part>
        <Footer />
        <HydrationMark />
      </Part>
      <ScrollToTop />
      <ScrollRestoration />
      <SessionExpiry />
      <LogoutOverlay />
    </>
  );
}
