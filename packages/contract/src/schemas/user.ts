import { z } from 'zod';
import { ACCOUNT_MESSAGES as M } from '../account-messages.ts';
import { COUNTRY_CODES, toCountryCode } from '../countries.ts';
import {
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  normalizePhone,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RESET_TOKEN_MIN_LENGTH,
  USER_STATUSES,
} from '../user-rules.ts';
import { USER_ROLES } from './admin/common.ts';

// A standard address pattern: something@domain.tld, no spaces (docs/product.md#emails).
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const PHONE_PATTERN = /^\+?\d{10,15}$/;

/** PostgreSQL text refuses NUL bytes: text that is stored or looked up must not carry one. */
const hasNoNul = (value: string) => !value.includes('\u0000');

export const NameSchema = z
  .string({ error: M.nameRequired })
  .trim()
  .min(1, M.nameRequired)
  .refine((v) => v.length === 0 || (v.length >= NAME_MIN_LENGTH && v.length <= NAME_MAX_LENGTH), M.nameLength)
  .refine(hasNoNul, M.textHasNul);

export const EmailSchema = z
  .string({ error: M.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, M.emailRequired)
  .max(254, M.emailInvalid)
  .refine((v) => v.length === 0 || EMAIL_PATTERN.test(v), M.emailInvalid)
  .refine(hasNoNul, M.emailInvalid);

/** Rules for a new password (signup, change, reset): each broken rule gives its own message. */
export const NewPasswordSchema = (requiredMessage: string = M.passwordRequired) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .refine((v) => v.length === 0 || v.length >= PASSWORD_MIN_LENGTH, M.passwordTooShort)
    .refine((v) => v.length <= PASSWORD_MAX_LENGTH, M.passwordTooLong)
    .refine((v) => v.length === 0 || /[A-Z]/.test(v), M.passwordNeedsUppercase)
    .refine((v) => v.length === 0 || /\d/.test(v), M.passwordNeedsNumber)
    .refine((v) => v.length === 0 || /[^A-Za-z0-9]/.test(v), M.passwordNeedsSpecial);

/** An existing password is only checked for presence (docs/product.md#form-rules). */
const GivenPassword = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).min(1, requiredMessage).max(PASSWORD_MAX_LENGTH, M.passwordTooLong);

const OptionalPhone = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? normalizePhone(v) : undefined))
  .refine((v) => v === undefined || PHONE_PATTERN.test(v), M.phoneDigits);

export const RequiredPhoneSchema = z
  .string({ error: M.phoneRequired })
  .trim()
  .min(1, M.phoneRequired)
  .transform(normalizePhone)
  .refine((v) => v.length === 0 || PHONE_PATTERN.test(v), M.phoneDigits);

export const SignupBodySchema = z
  .object({
    username: NameSchema,
    email: EmailSchema,
    password: NewPasswordSchema(),
    confirmPassword: z.string({ error: M.confirmPasswordRequired }).min(1, M.confirmPasswordRequired),
    phone: OptionalPhone,
    acceptTerms: z.boolean().optional(),
  })
  .refine((b) => b.confirmPassword === b.password, { message: M.passwordsMustMatch, path: ['confirmPassword'] });
export type SignupBody = z.input<typeof SignupBodySchema>;

export const LoginBodySchema = z.object({
  email: z
    .string({ error: M.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, M.emailRequired)
    .max(254, M.emailInvalid)
    .refine(hasNoNul, M.emailInvalid),
  password: GivenPassword(M.passwordRequired),
});
export type LoginBody = z.input<typeof LoginBodySchema>;

export const AddressSchema = z.object({
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  /** Same value as zipCode (docs/product.md#entities: the storefront reads both names). */
  postalCode: z.string(),
  country: z.enum(COUNTRY_CODES),
});
export type Address = z.infer<typeof AddressSchema>;

const ZIP_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{2,10}[A-Za-z0-9]$/;

/**
 * Profile address (docs/product.md#addresses): optional as a whole; all empty clears it; once any field is filled,
 * street, city, zip and country are required and state, when given, has at least 2 characters.
 * Country names are accepted and stored as their code.
 */
export const AddressInputSchema = z
  .object({
    street: z.string().trim().max(200).optional().default(''),
    city: z.string().trim().max(100).optional().default(''),
    state: z.string().trim().max(100).optional().default(''),
    zipCode: z.string().trim().max(20).optional(),
    postalCode: z.string().trim().max(20).optional(),
    country: z.string().trim().max(60).optional().default(''),
  })
  .transform((a) => ({ ...a, zipCode: a.zipCode ?? a.postalCode ?? '' }))
  .superRefine((a, ctx) => {
    const filled = [a.street, a.city, a.state, a.zipCode, a.country].some((v) => v.length > 0);
    if (!filled) return;
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    for (const field of ['street', 'city', 'state'] as const) {
      if (!hasNoNul(a[field])) issue(field, M.textHasNul);
    }
    if (!a.street) issue('street', M.streetRequired);
    else if (a.street.length < 3) issue('street', M.streetTooShort);
    if (!a.city) issue('city', M.cityRequired);
    else if (a.city.length < 2) issue('city', M.cityTooShort);
    if (a.state && a.state.length < 2) issue('state', M.stateTooShort);
    if (!a.zipCode) issue('zipCode', M.zipRequired);
    else if (!ZIP_PATTERN.test(a.zipCode)) issue('zipCode', M.zipInvalid);
    if (!a.country) issue('country', M.countryRequired);
    else if (!toCountryCode(a.country)) issue('country', M.countryInvalid);
  })
  .transform((a): Address | null => {
    const country = toCountryCode(a.country);
    if (!country) return null;
    return { street: a.street, city: a.city, state: a.state, zipCode: a.zipCode, postalCode: a.zipCode, country };
  });

export const ProfileUpdateBodySchema = z.object({
  name: NameSchema,
  phone: RequiredPhoneSchema,
  /** Left out: unchanged. null, or every field empty: cleared. */
  address: AddressInputSchema.nullable().optional(),
});
export type ProfileUpdateBody = z.input<typeof ProfileUpdateBodySchema>;

export const ChangePasswordBodySchema = z
  .object({
    currentPassword: GivenPassword(M.currentPasswordRequired),
    newPassword: NewPasswordSchema(M.newPasswordRequired),
    newPasswordConfirm: z.string({ error: M.confirmPasswordRequired }).min(1, M.confirmPasswordRequired),
  })
  .refine((b) => b.newPasswordConfirm === b.newPassword, {
    message: M.passwordsMustMatch,
    path: ['newPasswordConfirm'],
  });
export type ChangePasswordBody = z.input<typeof ChangePasswordBodySchema>;

export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });
export const RequestVerificationBodySchema = z.object({
  email: z
    .string({ error: M.enterEmailAddress })
    .trim()
    .toLowerCase()
    .min(1, M.enterEmailAddress)
    .max(254, M.emailInvalid)
    .refine((v) => v.length === 0 || EMAIL_PATTERN.test(v), M.emailInvalid)
    .refine(hasNoNul, M.emailInvalid),
});

export const ResetTokenSchema = z
  .string({ error: M.resetTokenRequired })
  .trim()
  .min(1, M.resetTokenRequired)
  .max(200, M.resetTokenInvalid)
  .refine((v) => v.length === 0 || v.length >= RESET_TOKEN_MIN_LENGTH, M.resetTokenInvalid);

export const ResetPasswordBodySchema = z.object({ token: ResetTokenSchema, password: NewPasswordSchema() });
export const DisableAccountBodySchema = z.object({ password: GivenPassword(M.disablePasswordRequired) });

/** The user as answered by the API (docs/product.md#entities), with the aliases the storefront reads. */
export const UserSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  isEmailVerified: z.boolean(),
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
  /** Back-office role (decision 018); `isAdmin` is the storefront’s demo toggle (docs/product.md#admin-page) and grants nothing. */
  role: z.enum(USER_ROLES),
  status: z.enum(USER_STATUSES),
  phone: z.string(),
  address: AddressSchema.nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const AuthAnswerSchema = z.object({ success: z.literal(true), accessToken: z.string(), user: UserSchema });
export type AuthAnswer = z.infer<typeof AuthAnswerSchema>;
export const UserAnswerSchema = z.object({ success: z.literal(true), user: UserSchema });
export const MessageAnswerSchema = z.object({ success: z.literal(true), message: z.string() });
export const TokenAnswerSchema = z.object({ success: z.literal(true), accessToken: z.string() });
export const VerifyEmailAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  alreadyVerified: z.boolean(),
});
export const ToggleAdminAnswerSchema = z.object({
  success: z.literal(true),
  isAdmin: z.boolean(),
  message: z.string(),
  user: UserSchema,
});

/** Outside production: the dev mailbox (GET /api/dev/mailbox), newest first. */
export const MailboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export const MailboxAnswerSchema = z.object({ success: z.literal(true), messages: z.array(MailboxMessageSchema) });
export type MailboxMessage = z.infer<typeof MailboxMessageSchema>;
