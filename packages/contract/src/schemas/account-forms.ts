import { z } from 'zod';
import { ACCOUNT_MESSAGES as M } from '../account-messages.ts';
import { NewPasswordSchema } from './user.ts';

/**
 * The reset-password form (docs/product.md#password-recovery): the new password with its confirmation. The confirmation
 * stays in the browser; the request body is ResetPasswordBodySchema.
 */
export const ResetPasswordFormSchema = z
  .object({
    password: NewPasswordSchema(),
    confirmPassword: z.string({ error: M.confirmPasswordRequired }).min(1, M.confirmPasswordRequired),
  })
  .refine((b) => b.confirmPassword === b.password, { message: M.passwordsMustMatch, path: ['confirmPassword'] });
