import { MESSAGES } from '@shopper/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** Deeper than any request of the contract goes; junk nested further is the schemas' to refuse. */
const MAX_DEPTH = 32;

/** A UTF-16 surrogate without its other half: a JSON body can carry one (`"\\ud800"`), no text holds one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored, if it cannot. */
function flawOf(text: string): string | undefined {
  if (text.includes('\u0000')) return MESSAGES.nulCharacter;
  return LONE_SURROGATE.test(text) ? MESSAGES.loneSurrogate : undefined;
}

/** The field path of the first text (value or key) PostgreSQL cannot store, and why, if any. */
function flawAt(value: unknown, path: string, depth = 0): { at: string; message: string } | undefined {
  if (typeof value === 'string') {
    const message = flawOf(value);
    return message === undefined ? undefined : { at: path, message };
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    const message = flawOf(key);
    if (message !== undefined) return { at, message };
    const found = flawAt(item, at, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * PostgreSQL stores no U+0000 in text or jsonb and fails the query instead, so a NUL byte in a path
 * parameter, query or body was a 500 wherever it reached the database (the API fuzz found it). An
 * unpaired surrogate is the same in jsonb (the audit log, order events, a payment's shipping
 * details), and in text it silently became U+FFFD. The contract refuses NUL field by field with
 * the field's own message; this is the backstop for every route, after validation and before any
 * handler: a clear 400 naming the field.
 */
export function installInputGuard(app: FastifyInstance): void {
  // Synchronous: it runs on every request, and an async hook costs a promise each time.
  app.addHook('preHandler', (request, _reply, done) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const flaw = flawAt(value, '');
      if (flaw !== undefined) {
        done(new AppError('VALIDATION_FAILED', flaw.message, [{ param: flaw.at || part, msg: flaw.message }]));
        return;
      }
    }
    done();
  });
}
