import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    // jsdom screens with many user events share two cores with the API suite: a slow machine is not a failure.
    testTimeout: 20_000,
    setupFiles: ['./src/test/setup.ts'],
  },
});
