import { z } from 'zod';

/** The closed set of error codes (docs/style.md#errors). The server maps each to one HTTP status. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'EMAIL_NOT_VERIFIED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYMENT_FAILED',
  'INTERNAL',
  // The database is out of reach for a moment (a restart or failover): worth retrying.
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const FieldErrorSchema = z.object({ param: z.string(), msg: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

export const ErrorBodySchema = z.object({
  success: z.literal(false),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  errors: z.array(FieldErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
