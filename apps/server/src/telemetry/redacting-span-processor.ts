import type { Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { redactUrl } from '../lib/redact-url.ts';

/** The attributes in which the HTTP and Fastify instrumentations write the request's URL. */
const URL_ATTRIBUTES = ['url.path', 'url.query', 'url.full', 'http.target', 'http.url'];

/**
 * Cuts reset, verification and newsletter tokens out of every span before it is exported: a
 * trace backend is read by more people than the shop's accounts are meant for (decision 044).
 * The instrumentations set the URL attributes when a span starts, before `onStart` runs.
 */
export class RedactingSpanProcessor implements SpanProcessor {
  constructor(private readonly next: SpanProcessor) {}

  onStart(span: Span, parentContext: Context): void {
    for (const key of URL_ATTRIBUTES) {
      const value = span.attributes[key];
      if (typeof value === 'string') span.setAttribute(key, redactUrl(value));
    }
    this.next.onStart(span, parentContext);
  }

  onEnd(span: ReadableSpan): void {
    this.next.onEnd(span);
  }

  forceFlush(): Promise<void> {
    return this.next.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.next.shutdown();
  }
}
