import { type Attributes, type Span, type SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

/**
 * Without a started SDK (tracing-state.ts) the API hands out no-op spans: the cost of a span here
 * is then a function call, so code is traced unconditionally where it runs a few times a minute
 * or per checkout, and only behind `isTracingStarted()` where it runs per query.
 */
const tracer = trace.getTracer('shopper');

export type SpanOptions = {
  kind?: SpanKind;
  attributes?: Attributes;
  /** A new trace even inside another one: each background run is a trace of its own. */
  root?: boolean;
};

/** Runs `work` inside a span that ends with it and records its failure. */
export function inSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, options, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : undefined });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** True inside a request or a background run: spans outside one would each start a lone trace. */
export function hasActiveSpan(): boolean {
  return trace.getActiveSpan() !== undefined;
}
