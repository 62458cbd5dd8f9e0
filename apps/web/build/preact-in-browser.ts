import type { AliasOptions } from 'vite';

/**
 * The browser build runs the shop on Preact through preact/compat (docs/decisions/034): the same
 * components, hooks and libraries, for a third of React's weight on a phone's first load. The
 * server renderer, the dev server (Fast Refresh needs React) and the unit tests keep React 19.
 * Exact matches only: `react-dom/server` and `react-dom/static` are never part of the browser build.
 */
export const preactInBrowser: AliasOptions = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
];
