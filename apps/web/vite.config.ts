import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compileHints } from './build/compile-hints.ts';
import { precompress } from './build/precompress.ts';

const apiTarget = 'http://localhost:3000';

// React, React Router and TanStack Query in one chunk (docs/decisions/026): it changes only when a
// library is upgraded, so a deploy of the shop's own code leaves it in the browser's cache, and one
// file compresses better than the dozen small shared chunks the automatic split made of them.
const FRAMEWORK =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack[\\/](?:query-core|react-query))[\\/]/;

export default defineConfig(({ isSsrBuild }) => ({
  // The server renderer's bundle is never served: no compressed copies of it.
  plugins: isSsrBuild ? [react()] : [react(), compileHints(), precompress()],
  server: {
    proxy: {
      '/api': apiTarget,
      '/images': apiTarget,
      '/metrics': apiTarget,
    },
  },
  // The server renderer bundles every dependency: dist/server runs wherever the build is copied
  // (the e2e server's snapshot, a container image) without the web workspace's node_modules, some of
  // which npm installs under apps/web only (e.g. @hookform/resolvers).
  ssr: { noExternal: true, target: 'node' },
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        // The server renderer links each rendered route's stylesheet and chunks from it (decision 023).
        manifest: true,
        // Every browser the shop supports preloads modules natively: no polyfill in the entry.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          output: {
            codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] },
          },
        },
      },
}));
