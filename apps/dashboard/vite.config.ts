import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = 'http://localhost:3000';

// The back office is its own bundle under /dashboard/ (decision 020): no shopper downloads it.
export default defineConfig({
  base: '/dashboard/',
  plugins: [react()],
  server: {
    port: 5174,
    proxy: {
      '/api': apiTarget,
      '/images': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
  },
});
