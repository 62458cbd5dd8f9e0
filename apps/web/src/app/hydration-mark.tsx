import { useEffect } from 'react';

/**
 * Marks the document once React owns it (after hydration, or the first render of the shell):
 * browser journeys wait for it before they click, as a person is never that quick. It sits in the
 * last part of the page to hydrate (decision 033), or in the error page that replaces the layout.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
