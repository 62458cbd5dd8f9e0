import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** What a contract zod schema answers to safeParse, as far as a form cares. */
interface BodySchema {
  safeParse(
    data: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * A React Hook Form resolver that validates the request body the form would send with the
 * contract's schema (the one the server runs), so every field shows the server's own message.
 * Issue paths map to form fields by their first segment, or through `fieldOf`.
 */
export function contractResolver<V extends FieldValues>(
  schema: BodySchema,
  toBody: (values: V) => unknown,
  fieldOf: Record<string, string> = {},
): Resolver<V> {
  return async (values) => {
    const parsed = schema.safeParse(toBody(values));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const top = String(issue.path[0] ?? 'root');
      errors[fieldOf[top] ?? top] ??= { type: 'validation', message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}

/** '' is missing, not zero: the contract then answers its own "must be an amount" message. */
export function amountOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}
