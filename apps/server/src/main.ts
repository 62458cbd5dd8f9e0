import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db/open-database.ts';
import { seedDemoStaff } from './db/seed/demo-staff.ts';
import { seedDemoData } from './db/seed/seed-demo.ts';
import { seedDemoOrdersIfEmpty } from './db/seed/seed-orders.ts';
import { dataDirLayout } from './db/data-dir-layout.ts';
import { createLogOutput, loggerOptions } from './lib/logger.ts';
import { readyMessage } from './lib/ready-message.ts';
import { loadOrCreateJwtSecret } from './lib/secrets.ts';
import { isTracingStarted, stopTracing } from './telemetry/tracing-state.ts';

/** After the drain, how long in-flight requests and background work get to finish. */
const CLOSE_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const env = readConfig();
  const config = { ...env, jwtSecret: env.jwtSecret ?? loadOrCreateJwtSecret(env.dataDir) };
  const logOutput = createLogOutput(config);
  // The embedded server starts (and may import an earlier version's data) before the app exists.
  const databaseLog = pino(loggerOptions(config), logOutput.stream).child({ module: 'database' });
  const database = await openDatabase(config, databaseLog);
  await database.migrate();
  // A real shop starts empty; the demo fills an empty one (decision 011).
  const seeded = config.demo ? await seedDemoData(database.db) : undefined;
  // Known passwords: the demo only, never `npm run admin -- seed-demo` on a real shop (decision 018).
  const demoStaff = config.demo ? await seedDemoStaff(database.db) : 0;
  // Invented customers and payments: the demo only, and only on the test-mode provider, whose
  // records the seeded payments are, so refunding one from the back office works as on any order.
  const demoOrders =
    config.demo && !config.stripe
      ? await seedDemoOrdersIfEmpty(database.db, { now: new Date(), taxRate: config.taxRate })
      : undefined;

  let isDraining = false;
  // The mail sender and the payment sweep start once the port is open (background-work.ts).
  const app = await buildApp({ config, database, isDraining: () => isDraining, logOutput, runsScheduledWork: true });
  if (seeded && seeded.products > 0) app.log.info({ products: seeded.products }, 'seeded the demo catalog');
  if (seeded && seeded.reviews > 0) app.log.info({ reviews: seeded.reviews }, 'seeded the demo reviews');
  if (demoStaff > 0) app.log.info({ accounts: demoStaff }, 'seeded the demo owner and staff (README lists them)');
  if (demoOrders && demoOrders.orders > 0) app.log.info(demoOrders, 'seeded the demo order history');
  if (config.demo) {
    app.log.warn(
      'DEMO is on: the dev mailbox (for this machine only) and self-service admin are enabled. Never run a real shop with DEMO=true.',
    );
  }
  if (config.isProduction && !config.stripe) {
    // Only reachable with ALLOW_TEST_PAYMENTS=true (config.ts refuses a production start otherwise).
    app.log.warn(
      'ALLOW_TEST_PAYMENTS=true and no STRIPE_* keys: card payments use the built-in TEST-MODE provider, test cards are accepted and no money is taken.',
    );
  }
  if (config.tracingRequested && !isTracingStarted()) {
    // The SDK has to be in place before the server's imports, which only the preload can do.
    app.log.warn(
      'OTEL_EXPORTER_OTLP_ENDPOINT is set but tracing is off: start with node --import ./apps/server/dist/telemetry/tracing-preload.js (npm start does)',
    );
  }

  closeWithGrace({ delay: config.shutdownDrainMs + CLOSE_GRACE_MS }, async ({ signal, err }) => {
    isDraining = true;
    if (err) {
      app.log.error({ err }, 'shutting down after a fatal error');
      // The close below may hang until the grace delay ends the process: the cause is out first.
      logOutput.flushSync();
    } else app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down');
    // Balancers polling /api/ready (503 now) stop sending before the port closes (docs/decisions/027).
    if (!err && config.shutdownDrainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    // close() stops the payment sweep and accepting, waits for in-flight requests, then stops the
    // other background loops (background-work.ts); the database closes cleanly after.
    await app.close();
    await database.close();
    // The spans of the last requests and runs are still batched; exported now or lost.
    await stopTracing();
    // close-with-grace exits next: the buffered log lines go out first.
    await logOutput.flush();
  });

  await app.listen({ port: config.port, host: config.host });
  const dataDir = database.kind === 'embedded' ? dataDirLayout(config.dataDir).postgres : undefined;
  const ready = readyMessage(config, { kind: database.kind, dataDir });
  app.log.info({ database: database.kind, dataDir }, ready);
  // Log lines for a program (standard output not a terminal): the demo's addresses and sign-in
  // still reach the person who started it, as plain text on standard error (docs/decisions/049).
  if (config.demo && logOutput.format === 'json' && config.logPretty === undefined) process.stderr.write(`${ready}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
