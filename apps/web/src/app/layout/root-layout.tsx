import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { HydrationPart } from '../../components/hydration-part.tsx';
import { HydrationMark } from '../hydration-mark.tsx';
import { SessionExpiry } from '../session-expiry.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { LogoutOverlay } from './logout-overlay.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { ShopBand } from './shop-band.tsx';
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
      <ShopBand />
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
