// Builds each workspace whose output is missing or older than its sources (or the contract's).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const at = (...parts) => path.join(root, ...parts);

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(entry)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

export const TARGETS = {
  web: {
    workspace: 'apps/web',
    outputs: [at('apps/web/dist/index.html')],
    sources: [at('apps/web/src'), at('apps/web/index.html'), at('apps/web/vite.config.ts'), at('apps/web/public')],
  },
  dashboard: {
    workspace: 'apps/dashboard',
    outputs: [at('apps/dashboard/dist/index.html')],
    sources: [at('apps/dashboard/src'), at('apps/dashboard/index.html'), at('apps/dashboard/vite.config.ts')],
  },
  server: {
    workspace: 'apps/server',
    outputs: [
      at('apps/server/dist/main.js'),
      at('apps/server/dist/cli/admin.js'),
      at('apps/server/dist/telemetry/tracing-preload.js'),
    ],
    sources: [at('apps/server/src'), at('apps/server/build.mjs')],
  },
};

export function buildIfStale(names) {
  const contract = newestMtime(at('packages/contract/src'));
  for (const name of names) {
    const { workspace, outputs, sources } = TARGETS[name];
    const built = Math.min(...outputs.map((output) => (existsSync(output) ? statSync(output).mtimeMs : 0)));
    const changed = Math.max(contract, ...sources.map(newestMtime));
    if (built < changed) {
      console.log(`Building ${workspace}…`);
      // Always a production build: a test runner calling this sets NODE_ENV=test, and vite would
      // then emit React's development JSX calls, which a production server cannot run.
      execSync(`npm run build -w ${workspace}`, {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      });
    }
  }
}
