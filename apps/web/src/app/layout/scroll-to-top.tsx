import { useEffect, useState } from 'react';
import styles from './root-layout.module.css';

const SHOW_AFTER_PX = 480;

export function ScrollToTop() {
  const [isVisible, setIsVisible] = useState(false);

  useEffect(() => {
    const onScroll = () => setIsVisible(window.scrollY > SHOW_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  if (!isVisible) return null;
  return (
    <button
      type="button"
      className={styles.scrollTop}
      aria-label="Scroll to top"
      onClick={() => window.scrollTo({ top: 0 })}
    >
      <span aria-hidden="true">↑</span>
    </button>
  );
}
