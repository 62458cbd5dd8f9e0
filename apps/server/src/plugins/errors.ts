import type { ErrorBody, FieldError } from '@shopper/contract';
import { MESSAGES } from '@shopper/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { AppError, STATUS_BY_CODE } from '../lib/app-error.ts';

/** A database restart or failover takes seconds; the pool reconnects on the next request. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

function send(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

function fieldErrorsFromZod(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.flatMap((issue) => {
    const at = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    // A closed schema's unknown names: each is the field at fault, so each gets its own line.
    const unknown = issue.keyword === 'unrecognized_keys' ? (issue.params as { keys?: unknown }).keys : undefined;
    if (Array.isArray(unknown) && unknown.length > 0) {
      return unknown.map((name) => ({
        param: [at, String(name)].filter(Boolean).join('.'),
        msg: (issue.message ?? MESSAGES.validationFailed).replace(`'${String(unknown[0])}'`, `'${String(name)}'`),
      }));
    }
    return [{ param: at || (error.validationContext ?? 'request'), msg: issue.message ?? MESSAGES.validationFailed }];
  });
}

/**
 * The single place turning failures into answers (docs/style.md#errors). Must be installed before any
 * route is registered: Fastify routes keep the error handler in force when they were added.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
      return send(reply, STATUS_BY_CODE[error.code], {
        success: false,
        code: error.code,
        message: error.message,
        ...(error.fields ? { errors: error.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrorsFromZod(error);
      return send(reply, 400, {
        success: false,
        code: 'VALIDATION_FAILED',
        message: errors[0]?.msg ?? MESSAGES.validationFailed,
        errors,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
      return send(reply, 500, { success: false, code: 'INTERNAL', message: MESSAGES.unexpected });
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type…) keep their status.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 404 ? 'NOT_FOUND' : status === 429 ? 'RATE_LIMITED' : 'VALIDATION_FAILED';
      return send(reply, status, { success: false, code, message: error.message });
    }
    // A database restart or failover is an outage, not a bug: say so and when to come back.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return send(reply, STATUS_BY_CODE.UNAVAILABLE, {
        success: false,
        code: 'UNAVAILABLE',
        message: MESSAGES.unavailable,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { success: false, code: 'INTERNAL', message: MESSAGES.unexpected });
  });
}
