// Starts the already-built server for the end-to-end journeys on a fresh embedded database.
// `npm run test:e2e` builds first; this script never builds.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const serverEntry = path.join(root, 'apps/server/dist/main.js');
const webDist = path.join(root, 'apps/web/dist');
const dashboardDist = path.join(root, 'apps/dashboard/dist');
const port = process.env.E2E_PORT ?? '4173';
const dataDir = path.join(here, '.data');

for (const [what, file] of [
  ['server', serverEntry],
  ['web app', path.join(webDist, 'index.html')],
  ['back office', path.join(dashboardDist, 'index.html')],
]) {
  if (!existsSync(file)) {
    console.error(`The ${what} is not built (${file} is missing). Run \`npm run build\` at the repository root.`);
    process.exit(1);
  }
}

// Every run starts from an empty database, which the server seeds with the demo catalog.
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

// The server reads index.html once at start; serving a copy keeps a run consistent even if someone
// rebuilds apps/web meanwhile (a rebuild deletes the hashed assets the cached index.html names).
const webSnapshot = path.join(dataDir, 'web', 'dist');
cpSync(webDist, webSnapshot, { recursive: true });
const dashboardSnapshot = path.join(dataDir, 'dashboard', 'dist');
cpSync(dashboardDist, dashboardSnapshot, { recursive: true });

const child = spawn(process.execPath, [serverEntry], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webSnapshot,
    DASHBOARD_DIST_DIR: dashboardSnapshot,
    // The web app is the production build; the server runs the demo (decision 011) so the account
    // journeys read mail from the dev mailbox, the admin journey toggles the flag itself and the
    // catalog journeys find the demo catalog. DEMO is refused with NODE_ENV=production.
    NODE_ENV: 'test',
    DEMO: 'true',
    // Links in mail point at this server, so a journey can open them.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Every journey signs up fresh customers from one IP; production limits would stop the suite.
    RATE_LIMIT_SCALE: '20',
    LOG_LEVEL: 'warn',
  },
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
