// `npm run admin -- <command>`: builds the server if it is stale, then runs the admin CLI in this
// process on the configured database (docs/scripts.md).
import path from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';

buildIfStale(['server']);
process.chdir(root);
await import(path.join(root, 'apps/server/dist/cli/admin.js'));
