import { MESSAGES } from '@shopper/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** Deeper than any request of the contract goes; junk nested further is the schemas' to refuse. */
const MAX_DEPTH = 32;

/** The field path of the first text holding U+0000, if any. */
function nulAt(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = nulAt(item, at, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * PostgreSQL stores no U+0000 in text or jsonb and fails the query instead, so a NUL byte in a path
 * parameter, query or body was a 500 wherever it reached the database (the API fuzz found it). The
 * contract refuses it field by field with the field's own message; this is the backstop for every
 * route, after validation and before any handler: a clear 400 naming the field.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const at = nulAt(value, '');
      if (at !== undefined) {
        throw new AppError('VALIDATION_FAILED', MESSAGES.nulCharacter, [
          { param: at || part, msg: MESSAGES.nulCharacter },
        ]);
      }
    }
  });
}
