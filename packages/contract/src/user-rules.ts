// Account field bounds and the password checklist (docs/product.md#validation). Plain values, no zod: the storefront
// shows the checklist without loading the schemas.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 30;
export const RESET_TOKEN_MIN_LENGTH = 10;
export const USER_STATUSES = ['unverified', 'active'] as const;

/** The live checklist of docs/product.md#profile and docs/product.md#passwords. */
export function passwordChecklist(password: string) {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    uppercase: /[A-Z]/.test(password),
    number: /\d/.test(password),
    special: /[^A-Za-z0-9]/.test(password),
  };
}

/** Spaces, dashes, dots and brackets are formatting; what is left must be 10-15 digits (docs/product.md#phone-numbers). */
export function normalizePhone(value: string): string {
  return value.replace(/[\s\-().]/g, '');
}
