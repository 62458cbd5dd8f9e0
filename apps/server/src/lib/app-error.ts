import type { ErrorCode, FieldError } from '@shopper/contract';

/** The one error class server code throws; the error handler turns it into its HTTP status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldError[] | undefined;
  /** RATE_LIMITED: sent as the `retry-after` header. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, fields?: FieldError[], options: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  EMAIL_NOT_VERIFIED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYMENT_FAILED: 402,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};
