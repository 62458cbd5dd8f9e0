import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError, messageOf } from './api-client.ts';

/**
 * A failed save: field errors the server named go on their fields (the contract's messages);
 * whatever is left is answered as the form's general message. The typed values stay in the form.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  fallback: string,
): string | null {
  let placed = 0;
  if (isApiError(error)) {
    for (const { param, msg } of error.errors) {
      // Nested params ('stock.M', 'sizes.2') belong to their top-level field.
      const field = fields.find((name) => param === name || param.startsWith(`${name}.`));
      if (!field) continue;
      setError(field as Path<T>, { type: 'server', message: msg }, { shouldFocus: placed === 0 });
      placed += 1;
    }
  }
  if (placed > 0 && isApiError(error) && error.code === 'VALIDATION_FAILED') return null;
  return messageOf(error, fallback);
}
