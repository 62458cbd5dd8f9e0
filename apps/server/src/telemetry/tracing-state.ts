/**
 * Whether tracing runs in this process. The preload (tracing-preload.ts) and the server are built
 * as separate bundles, so the state lives on a global symbol rather than in a module variable.
 */
const TRACING = Symbol.for('shopper.tracing');

export type RunningTracing = {
  /** Exports the spans still buffered and stops the SDK. */
  shutdown(): Promise<void>;
};

type Holder = { [TRACING]?: RunningTracing };

/** Tracing is asked for: an OTLP endpoint is configured and the SDK is not switched off. */
export function tracingRequested(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

export function markTracingStarted(tracing: RunningTracing): void {
  (globalThis as Holder)[TRACING] = tracing;
}

export function isTracingStarted(): boolean {
  return (globalThis as Holder)[TRACING] !== undefined;
}

/** A collector that does not answer must not hold the shutdown until the process is killed. */
const STOP_WAIT_MS = 3_000;

/** On shutdown: the last requests' spans are still in the batch; without this they are lost. */
export async function stopTracing(): Promise<void> {
  const tracing = (globalThis as Holder)[TRACING];
  delete (globalThis as Holder)[TRACING];
  if (!tracing) return;
  let timer: NodeJS.Timeout | undefined;
  const givenUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, STOP_WAIT_MS);
  });
  await Promise.race([tracing.shutdown().catch(() => undefined), givenUp]);
  clearTimeout(timer);
}
