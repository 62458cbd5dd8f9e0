import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { HydrationPart } from '../../components/hydration-part.tsx';
import { HydrationMark } from '../hydration-mark.tsx';
import { SessionExpiry } from '../session-expiry.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { LogoutOverlay } from './logout-overlay.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import styles from './root-layout.module.css';

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
      <HydrationPart>
        <Header />
      </HydrationPart>
      {/* A landmark of its own: every part of the page sits in one, for those who move by landmarks. */}
      <section className={styles.band} aria-label="Shipping and returns">
        <p className={styles.bandInner}>
          <span className={styles.bandAccent}>Free shipping</span> on every order · Easy 30-day returns
        </p>
      </section>
      <HydrationPart>
        <main id="main" className={styles.main} tabIndex={-1}>
          <Outlet />
        </main>
      </HydrationPart>
      <HydrationPart>
        <Footer />
        <HydrationMark />
      </HydrationPart>
      <ScrollToTop />
      <ScrollRestoration />
      <SessionExpiry />
      <LogoutOverlay />
    </>
  );
}
