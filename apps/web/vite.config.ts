import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': apiTarget,
      '/images': apiTarget,
      '/metrics': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
  },
});
