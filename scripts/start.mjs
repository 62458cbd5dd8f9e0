// `npm start`: builds whatever is missing or older than its sources, then runs the server in this
// process (so SIGTERM/SIGINT reach its graceful shutdown directly).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
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

const contract = newestMtime(at('packages/contract/src'));
const targets = [
  {
    workspace: 'apps/web',
    output: at('apps/web/dist/index.html'),
    sources: [at('apps/web/src'), at('apps/web/index.html'), at('apps/web/vite.config.ts'), at('apps/web/public')],
  },
  {
    workspace: 'apps/server',
    output: at('apps/server/dist/main.js'),
    sources: [at('apps/server/src'), at('apps/server/build.mjs')],
  },
];

for (const { workspace, output, sources } of targets) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changed = Math.max(contract, ...sources.map(newestMtime));
  if (built < changed) {
    console.log(`Building ${workspace}…`);
    execSync(`npm run build -w ${workspace}`, { cwd: root, stdio: 'inherit' });
  }
}

process.env.WEB_DIST_DIR ??= at('apps/web/dist');
process.chdir(root);
await import(path.join(root, 'apps/server/dist/main.js'));
