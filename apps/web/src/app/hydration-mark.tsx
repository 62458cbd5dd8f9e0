import { useEffect } from 'react';
import { allTurnsTaken } from '../lib/hydration-turns.ts';

/**
 * Marks the document once the app owns all of it (after every part has hydrated, decision 035, or
 * after the first render of the shell): browser journeys wait for it before they click, as a
 * person is never that quick. It sits in the layout's footer, or in the error page that replaces
 * the layout.
 */
export function HydrationMark() {
  useEffect(() => {
    void allTurnsTaken().then(() => {
      document.documentElement.dataset.hydrated = 'true';
    });
  }, []);
  return null;
}
