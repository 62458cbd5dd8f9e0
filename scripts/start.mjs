// `npm start`: builds whatever is missing or older than its sources, then runs the server in this
// process (so SIGTERM/SIGINT reach its graceful shutdown directly).
import path from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';
import { withDemoDefault } from './demo-default.mjs';

buildIfStale(['web', 'dashboard', 'server']);

withDemoDefault(process.env);
process.env.WEB_DIST_DIR ??= path.join(root, 'apps/web/dist');
process.env.DASHBOARD_DIST_DIR ??= path.join(root, 'apps/dashboard/dist');
process.chdir(root);
await import(path.join(root, 'apps/server/dist/main.js'));
