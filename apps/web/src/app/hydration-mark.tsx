import { useEffect } from 'react';

/**
 * Marks the document once the app owns it: it sits in the layout's last part, the footer (or in
 * the error page that replaces the layout), and React hydrates the parts in document order. Journeys
 * that check what hydration kept wait for it; a visitor's tap never needs to (decision 039).
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
