import { ErrorBodySchema } from '@shopper/contract';

/** Error statuses a back-office route may add to the guard's own. */
type ErrorStatus = 400 | 402 | 404 | 409 | 429;

/**
 * The error answers of a back-office route for its OpenAPI schema: always the guard's 401 (no
 * session) and 403 (a customer, or staff on an owner route), plus the ones the route names.
 * Every one has the shop's error body.
 */
export function adminErrors<const C extends readonly ErrorStatus[]>(
  ...statuses: C
): Record<401 | 403 | C[number], typeof ErrorBodySchema> {
  const answers: Partial<Record<number, typeof ErrorBodySchema>> = { 401: ErrorBodySchema, 403: ErrorBodySchema };
  for (const status of statuses) answers[status] = ErrorBodySchema;
  return answers as Record<401 | 403 | C[number], typeof ErrorBodySchema>;
}
