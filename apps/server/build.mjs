// Bundles the server, the admin CLI and the tracing preload (run with `node --import`), with the
// TypeScript-source contract, into dist/; npm packages stay external. The catalog import's planning
// thread is a bundle of its own beside main.js (planning-thread.ts names it).
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const at = (file) => fileURLToPath(new URL(file, import.meta.url));

await build({
  entryPoints: [
    at('src/main.ts'),
    at('src/cli/admin.ts'),
    at('src/telemetry/tracing-preload.ts'),
    { in: at('src/modules/catalog-import/planning-worker.ts'), out: 'catalog-import-planning-worker' },
  ],
  outbase: at('src'),
  outdir: at('dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  alias: { '@shopper/contract': at('../../packages/contract/src/index.ts') },
  sourcemap: true,
  logLevel: 'warning',
});
