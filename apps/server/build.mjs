// Bundles the server and the TypeScript-source contract into dist/main.js; npm packages stay external.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

await build({
  entryPoints: [fileURLToPath(new URL('src/main.ts', import.meta.url))],
  outfile: fileURLToPath(new URL('dist/main.js', import.meta.url)),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  alias: { '@shopper/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)) },
  sourcemap: true,
  logLevel: 'warning',
});
