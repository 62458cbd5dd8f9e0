import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES as M } from '../account-messages.ts';
import { toCountryCode } from '../countries.ts';
import { normalizePhone, passwordChecklist } from '../user-rules.ts';
import {
  AddressInputSchema,
  ChangePasswordBodySchema,
  DisableAccountBodySchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  ProfileUpdateBodySchema,
  RequestVerificationBodySchema,
  ResetPasswordBodySchema,
  SignupBodySchema,
} from './user.ts';

const PASSWORD = 'Sup3r-secret!';

/** The messages zod gives for one field. */
function messagesFor(schema: z.ZodType, input: unknown, path: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path.join('.') === path).map((issue) => issue.message);
}

const signup = (overrides: Record<string, unknown> = {}) => ({
  username: 'Ada Lovelace',
  email: 'ada@example.com',
  password: PASSWORD,
  confirmPassword: PASSWORD,
  ...overrides,
});

describe('SignupBodySchema (docs/product.md#validation)', () => {
  it('accepts a complete signup, trimming the name and lower-casing the email', () => {
    const parsed = SignupBodySchema.parse(signup({ username: '  Ada  ', email: ' ADA@Example.COM ' }));
    expect(parsed.username).toBe('Ada');
    expect(parsed.email).toBe('ada@example.com');
    expect(parsed.phone).toBeUndefined();
  });

  it.each([
    ['username', undefined, M.nameRequired],
    ['username', '', M.nameRequired],
    ['username', '   ', M.nameRequired],
    ['username', 'A', M.nameLength],
    ['username', 'A'.repeat(31), M.nameLength],
    ['username', 'Ada\u0000', M.textHasNul],
    ['email', undefined, M.emailRequired],
    ['email', '', M.emailRequired],
    ['email', 'ada', M.emailInvalid],
    ['email', 'ada@example', M.emailInvalid],
    ['email', 'ada @example.com', M.emailInvalid],
    ['email', `${'a'.repeat(250)}@example.com`, M.emailInvalid],
    ['email', 'a\u0000@example.com', M.emailInvalid],
    ['password', undefined, M.passwordRequired],
    ['password', '', M.passwordRequired],
    ['password', 'Ab1!xyz', M.passwordTooShort],
    ['password', 'abcdefg1!', M.passwordNeedsUppercase],
    ['password', 'Abcdefgh!', M.passwordNeedsNumber],
    ['password', 'Abcdefgh1', M.passwordNeedsSpecial],
    ['password', `Aa1!${'x'.repeat(125)}`, M.passwordTooLong],
    ['confirmPassword', undefined, M.confirmPasswordRequired],
    ['confirmPassword', '', M.confirmPasswordRequired],
    ['phone', '123456789', M.phoneDigits],
    ['phone', '1234567890123456', M.phoneDigits],
    ['phone', 'call me maybe', M.phoneDigits],
  ])('%s = %j gives %j', (field, value, message) => {
    const input = signup({ [field]: value, ...(field === 'password' ? { confirmPassword: value } : {}) });
    expect(messagesFor(SignupBodySchema, input, field)).toContain(message);
  });

  it('names the passwords-must-match rule on confirmPassword', () => {
    expect(messagesFor(SignupBodySchema, signup({ confirmPassword: 'Other-pass1!' }), 'confirmPassword')).toEqual([
      M.passwordsMustMatch,
    ]);
  });

  it('gives one message per broken password rule', () => {
    const messages = messagesFor(SignupBodySchema, signup({ password: 'abc', confirmPassword: 'abc' }), 'password');
    expect(messages).toEqual([
      M.passwordTooShort,
      M.passwordNeedsUppercase,
      M.passwordNeedsNumber,
      M.passwordNeedsSpecial,
    ]);
  });

  it('keeps the phone optional and strips its formatting', () => {
    expect(SignupBodySchema.parse(signup({ phone: '' })).phone).toBeUndefined();
    expect(SignupBodySchema.parse(signup({ phone: '+1 (555) 123-4567' })).phone).toBe('+15551234567');
    expect(SignupBodySchema.parse(signup({ phone: '555.123.4567' })).phone).toBe('5551234567');
  });

  it('drops unknown fields', () => {
    expect(SignupBodySchema.parse(signup({ isAdmin: true }))).not.toHaveProperty('isAdmin');
  });
});

describe('LoginBodySchema', () => {
  it('checks only that email and password are present (docs/product.md#form-rules)', () => {
    expect(LoginBodySchema.parse({ email: ' A@B ', password: 'x' })).toEqual({ email: 'a@b', password: 'x' });
    expect(messagesFor(LoginBodySchema, { password: 'x' }, 'email')).toEqual([M.emailRequired]);
    expect(messagesFor(LoginBodySchema, { email: 'a@b.co', password: '' }, 'password')).toEqual([M.passwordRequired]);
    expect(messagesFor(LoginBodySchema, { email: 'a@b.co', password: 'x'.repeat(129) }, 'password')).toEqual([
      M.passwordTooLong,
    ]);
  });
});

describe('ChangePasswordBodySchema', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    currentPassword: 'old',
    newPassword: PASSWORD,
    newPasswordConfirm: PASSWORD,
    ...overrides,
  });
  it.each([
    ['currentPassword', { currentPassword: '' }, M.currentPasswordRequired],
    ['newPassword', { newPassword: '', newPasswordConfirm: '' }, M.newPasswordRequired],
    ['newPassword', { newPassword: 'short1!A', newPasswordConfirm: 'short1!A' }, undefined],
    ['newPassword', { newPassword: 'nouppercase1!', newPasswordConfirm: 'nouppercase1!' }, M.passwordNeedsUppercase],
    ['newPasswordConfirm', { newPasswordConfirm: '' }, M.confirmPasswordRequired],
    ['newPasswordConfirm', { newPasswordConfirm: 'Different1!' }, M.passwordsMustMatch],
  ])('%s with %j', (field, overrides, message) => {
    const messages = messagesFor(ChangePasswordBodySchema, body(overrides), field);
    if (message === undefined) expect(messages).toEqual([]);
    else expect(messages).toContain(message);
  });
});

describe('reset, forgot, verification and disable bodies', () => {
  it('checks the reset token (docs/product.md#reset-tokens) and the new password', () => {
    expect(messagesFor(ResetPasswordBodySchema, { password: PASSWORD }, 'token')).toEqual([M.resetTokenRequired]);
    expect(messagesFor(ResetPasswordBodySchema, { token: '', password: PASSWORD }, 'token')).toEqual([
      M.resetTokenRequired,
    ]);
    expect(messagesFor(ResetPasswordBodySchema, { token: '123456789', password: PASSWORD }, 'token')).toEqual([
      M.resetTokenInvalid,
    ]);
    expect(ResetPasswordBodySchema.safeParse({ token: '1234567890', password: PASSWORD }).success).toBe(true);
    expect(messagesFor(ResetPasswordBodySchema, { token: '1234567890', password: 'weak' }, 'password')).toContain(
      M.passwordTooShort,
    );
  });

  it('checks the forgot-password email', () => {
    expect(messagesFor(ForgotPasswordBodySchema, {}, 'email')).toEqual([M.emailRequired]);
    expect(messagesFor(ForgotPasswordBodySchema, { email: 'x' }, 'email')).toEqual([M.emailInvalid]);
  });

  it("asks for an email to resend verification ('Please enter your email address')", () => {
    expect(messagesFor(RequestVerificationBodySchema, {}, 'email')).toEqual([M.enterEmailAddress]);
    expect(messagesFor(RequestVerificationBodySchema, { email: ' ' }, 'email')).toEqual([M.enterEmailAddress]);
    expect(messagesFor(RequestVerificationBodySchema, { email: 'x@y' }, 'email')).toEqual([M.emailInvalid]);
  });

  it("asks for the password to disable the account ('Password is required to disable your account.')", () => {
    expect(messagesFor(DisableAccountBodySchema, {}, 'password')).toEqual([M.disablePasswordRequired]);
    expect(messagesFor(DisableAccountBodySchema, { password: '' }, 'password')).toEqual([M.disablePasswordRequired]);
  });
});

describe('ProfileUpdateBodySchema and AddressInputSchema (docs/product.md#phone-numbers, docs/product.md#addresses and docs/product.md#profile)', () => {
  const address = { street: '1 Main Street', city: 'Springfield', state: 'IL', zipCode: '62701', country: 'US' };

  it('requires name and phone on the profile', () => {
    expect(messagesFor(ProfileUpdateBodySchema, { name: 'Ada' }, 'phone')).toEqual([M.phoneRequired]);
    expect(messagesFor(ProfileUpdateBodySchema, { name: 'Ada', phone: '' }, 'phone')).toEqual([M.phoneRequired]);
    expect(messagesFor(ProfileUpdateBodySchema, { name: 'Ada', phone: '12 34' }, 'phone')).toEqual([M.phoneDigits]);
    expect(messagesFor(ProfileUpdateBodySchema, { phone: '5551234567' }, 'name')).toEqual([M.nameRequired]);
  });

  it('leaves the address out, or takes null, or an all-empty one as clearing', () => {
    expect(ProfileUpdateBodySchema.parse({ name: 'Ada', phone: '5551234567' }).address).toBeUndefined();
    expect(ProfileUpdateBodySchema.parse({ name: 'Ada', phone: '5551234567', address: null }).address).toBeNull();
    expect(AddressInputSchema.parse({ street: ' ', city: '', state: '', zipCode: '', country: '' })).toBeNull();
    expect(AddressInputSchema.parse({})).toBeNull();
  });

  it('maps country names to codes in any case, and copies zipCode to postalCode', () => {
    expect(AddressInputSchema.parse({ ...address, country: 'nEw ZeAlAnD' })).toEqual({
      ...address,
      postalCode: '62701',
      country: 'NZ',
    });
    expect(
      AddressInputSchema.parse({ ...address, zipCode: undefined, postalCode: 'K1A 0B1', country: 'ca' }),
    ).toMatchObject({
      zipCode: 'K1A 0B1',
      postalCode: 'K1A 0B1',
      country: 'CA',
    });
  });

  it.each([
    ['street', '', M.streetRequired],
    ['street', 'ab', M.streetTooShort],
    ['city', '', M.cityRequired],
    ['city', 'X', M.cityTooShort],
    ['state', 'I', M.stateTooShort],
    ['zipCode', '', M.zipRequired],
    ['zipCode', '123', M.zipInvalid],
    ['zipCode', '1234567890123', M.zipInvalid],
    ['zipCode', '-1234', M.zipInvalid],
    ['zipCode', '12$45', M.zipInvalid],
    ['country', '', M.countryRequired],
    ['country', 'Narnia', M.countryInvalid],
    ['country', 'USA', M.countryInvalid],
    ['street', '1 Main\u0000Street', M.textHasNul],
  ])('%s = %j gives %j once any field is filled', (field, value, message) => {
    expect(messagesFor(AddressInputSchema, { ...address, [field]: value }, field)).toContain(message);
  });

  it('does not require the state', () => {
    expect(AddressInputSchema.parse({ ...address, state: '' })).toMatchObject({ state: '' });
  });

  it('accepts 4 and 12 character zips with letters, spaces and hyphens', () => {
    for (const zipCode of ['1234', 'SW1A 2AA', '12345-6789', 'ABCDEFGHIJKL']) {
      expect(AddressInputSchema.safeParse({ ...address, zipCode }).success, zipCode).toBe(true);
    }
  });
});

describe('passwordChecklist', () => {
  it('reports each rule of the live checklist', () => {
    expect(passwordChecklist('')).toEqual({ length: false, uppercase: false, number: false, special: false });
    expect(passwordChecklist('abcdefgh')).toEqual({ length: true, uppercase: false, number: false, special: false });
    expect(passwordChecklist('A')).toMatchObject({ uppercase: true, length: false });
    expect(passwordChecklist('1')).toMatchObject({ number: true });
    expect(passwordChecklist(' ')).toMatchObject({ special: true });
    expect(passwordChecklist(PASSWORD)).toEqual({ length: true, uppercase: true, number: true, special: true });
  });
});

describe('normalizePhone', () => {
  it('strips spaces, dashes, dots and brackets and keeps a leading plus', () => {
    expect(normalizePhone('+1 (555) 123-4567')).toBe('+15551234567');
    expect(normalizePhone('555.123.4567')).toBe('5551234567');
    expect(normalizePhone('abc')).toBe('abc');
  });
});

describe('toCountryCode', () => {
  it('maps codes and names case-insensitively, and nothing else', () => {
    expect(toCountryCode('de')).toBe('DE');
    expect(toCountryCode(' United States ')).toBe('US');
    expect(toCountryCode('JAPAN')).toBe('JP');
    expect(toCountryCode('')).toBeUndefined();
    expect(toCountryCode('Atlantis')).toBeUndefined();
  });
});
