import type { IncomingMessage } from 'node:http';
import { defaultInstanceName } from '../lib/instance-name.ts';
import { RedactingSpanProcessor } from './redacting-span-processor.ts';
import { markTracingStarted } from './tracing-state.ts';

/** The request span's attribute carrying Fastify's request id, the `reqId` of the log lines. */
export const REQUEST_ID_ATTRIBUTE = 'shopper.request_id';

/** Polled by balancers and scrapers every few seconds: a trace each would drown the shop's own. */
const UNTRACED_PATHS = new Set(['/metrics', '/api/ready']);
const isUntraced = (url: string | undefined) => UNTRACED_PATHS.has((url ?? '').split('?')[0] ?? '');

type Protocol = 'http/protobuf' | 'http/json';

/** OTLP over HTTP as the specification has it: protobuf unless JSON is asked for. */
function protocolOf(env: NodeJS.ProcessEnv): Protocol {
  const asked = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL)?.trim();
  if (!asked || asked === 'http/protobuf') return 'http/protobuf';
  if (asked === 'http/json') return 'http/json';
  // gRPC would need a second transport; an OTLP collector takes HTTP on its port 4318.
  console.warn(`OTEL_EXPORTER_OTLP_PROTOCOL=${asked} is not supported; sending traces as http/protobuf`);
  return 'http/protobuf';
}

/**
 * Starts the OpenTelemetry SDK and the instrumentations: HTTP in and out (Stripe's calls),
 * Fastify's routes, pg queries, ioredis commands and the trace ids on pino's log lines.
 * Everything is imported here, on demand, so a server started without an endpoint never loads the
 * SDK. Must run before the server's own imports: on ESM the instrumentations see only the modules
 * imported after their hook is in place.
 */
export async function startTracing(env: NodeJS.ProcessEnv): Promise<void> {
  const { register } = await import('node:module');
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  // The loader hook wraps only the modules an instrumentation asked for, not the whole graph.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const [api, resources, sdk, { registerInstrumentations }, exporterModule, instrumentations] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/instrumentation'),
    protocolOf(env) === 'http/json'
      ? import('@opentelemetry/exporter-trace-otlp-http')
      : import('@opentelemetry/exporter-trace-otlp-proto'),
    Promise.all([
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-undici'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/instrumentation-ioredis'),
      import('@opentelemetry/instrumentation-pino'),
      import('@fastify/otel'),
    ]),
  ]);
  const [http, undici, pg, ioredis, pino, fastify] = instrumentations;

  // Export failures would otherwise go unseen; OTEL_LOG_LEVEL=debug shows the SDK's own workings.
  const level = env.OTEL_LOG_LEVEL?.trim().toUpperCase() as keyof typeof api.DiagLogLevel | undefined;
  api.diag.setLogger(new api.DiagConsoleLogger(), api.DiagLogLevel[level ?? 'WARN'] ?? api.DiagLogLevel.WARN);

  const instanceName = env.INSTANCE_NAME?.trim() || defaultInstanceName(Number(env.PORT?.trim() || 3000));
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES, when set, win over these defaults.
  const resource = resources
    .resourceFromAttributes({ 'service.name': 'shopper', 'service.instance.id': instanceName })
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));

  // The exporter reads the endpoint, headers, timeout and compression from OTEL_EXPORTER_OTLP_*.
  const exporter = new exporterModule.OTLPTraceExporter();
  // Sampling (OTEL_TRACES_SAMPLER) and batching (OTEL_BSP_*) are read from the environment too.
  const provider = new sdk.NodeTracerProvider({
    resource,
    spanProcessors: [new RedactingSpanProcessor(new sdk.BatchSpanProcessor(exporter))],
  });
  provider.register();

  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new http.HttpInstrumentation({
        ignoreIncomingRequestHook: (request: IncomingMessage) => isUntraced(request.url),
      }),
      new undici.UndiciInstrumentation(),
      // Queries outside any request or sweep (LISTEN, migrations) would each be a trace of one span.
      new pg.PgInstrumentation({ requireParentSpan: true }),
      new ioredis.IORedisInstrumentation({ requireParentSpan: true }),
      // A mixin on every pino logger: lines written inside a span carry trace_id and span_id. The
      // lines stay on standard output; sending them to the collector as well would need a logs SDK.
      new pino.PinoInstrumentation({ disableLogSending: true }),
      new fastify.FastifyOtelInstrumentation({
        // Fastify announces each new instance on a diagnostics channel; no change to app.ts needed.
        registerOnInitialization: true,
        // One span per request and per handler; a span for each of the dozen hooks is noise.
        instrumentHooks: false,
        ignorePaths: (route: { url: string }) => isUntraced(route.url),
        requestHook: (span, request) => {
          span.setAttribute(REQUEST_ID_ATTRIBUTE, request.id);
        },
      }),
    ],
  });
  await waitForAllMessagesAcknowledged();

  markTracingStarted({ shutdown: () => provider.shutdown() });
}
