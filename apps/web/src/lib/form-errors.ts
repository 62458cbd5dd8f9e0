import { MESSAGES } from '@shopper/contract/plain';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client.ts';

/**
 * Server field errors arrive as param/msg pairs (docs/product.md#validation); each one naming a field of the form is
 * shown on that field. Answers how many were placed, so the caller knows whether anything is left
 * for the general message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  aliases: Partial<Record<string, Path<T>>> = {},
): number {
  if (!isApiError(error) || !error.errors) return 0;
  let placed = 0;
  for (const { param, msg } of error.errors) {
    const field = aliases[param] ?? (fields as readonly string[]).find((name) => name === param);
    if (!field) continue;
    setError(field as Path<T>, { type: 'server', message: msg }, { shouldFocus: placed === 0 });
    placed += 1;
  }
  return placed;
}

/**
 * The message of a failed request (the server's words, or the transport's time-out and network
 * texts); the action's fallback text when there is nothing more specific to say (docs/product.md#fallback-texts).
 */
export function messageOf(error: unknown, fallback: string): string {
  if (isApiError(error) && error.message && error.message !== MESSAGES.unexpected) return error.message;
  return fallback;
}
