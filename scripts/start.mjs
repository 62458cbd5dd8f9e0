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
// Tracing must be in place before the server imports Fastify, pg and ioredis; without an OTLP
// endpoint not even the preload is loaded (docs/observability.md#traces).
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
  await import(path.join(root, 'apps/server/dist/telemetry/tracing-preload.js'));
}
await import(path.join(root, 'apps/server/dist/main.js'));
