/**
 * The `node --import` entry that turns tracing on (docs/observability.md#traces): it has to run before
 * the server imports Fastify, pg and ioredis, so their instrumentations can hook those imports.
 * Without an OTLP endpoint it does nothing and loads none of the SDK.
 */
import { tracingRequested } from './tracing-state.ts';

if (tracingRequested(process.env)) {
  const { startTracing } = await import('./start-tracing.ts');
  await startTracing(process.env);
}
