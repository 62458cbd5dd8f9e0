import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES, ACCOUNT_UI_MESSAGES as UI, SignupBodySchema, storePagePath } from '@shopper/contract';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { PasswordChecklist } from '../../../components/password-checklist.tsx';
import { applyServerFieldErrors, messageOf } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSignup } from '../api/login.ts';
import styles from '../auth.module.css';

/** The server's signup rules plus the terms box, which only the form has (docs/product.md#form-rules). */
const SignupFormSchema = SignupBodySchema.superRefine((body, ctx) => {
  if (!body.acceptTerms)
    ctx.addIssue({ code: 'custom', path: ['acceptTerms'], message: ACCOUNT_MESSAGES.termsRequired });
});

const FIELDS = ['username', 'email', 'password', 'confirmPassword', 'phone', 'acceptTerms'] as const;

/** A guest's order page sends its email along (docs/product.md#guest-checkout): the account to claim it with. */
function emailFromState(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

export function SignupForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const signupMutation = useSignup();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const checklistId = useId();
  const termsId = useId();
  const {
    register,
    handleSubmit,
    setError,
    trigger,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(SignupFormSchema),
    mode: 'onTouched',
    defaultValues: {
      username: '',
      email: emailFromState(location.state),
      password: '',
      confirmPassword: '',
      phone: '',
      acceptTerms: false,
    },
  });

  const [username, email, password, confirmPassword, acceptTerms] = useWatch({
    control,
    name: ['username', 'email', 'password', 'confirmPassword', 'acceptTerms'],
  });
  // docs/product.md#auth-pages: enabled only when all fields are filled and the terms box is ticked.
  const isComplete =
    [username, email, password, confirmPassword].every((v) => v.trim().length > 0) && acceptTerms === true;

  const onSubmit = handleSubmit(async (body) => {
    setGeneralError(null);
    try {
      const answer = await signupMutation.mutateAsync({ ...body, phone: body.phone || undefined });
      // docs/product.md#auth-pages: after signup the user goes to /verify-pending (replace) with the email.
      await navigate('/verify-pending', { replace: true, state: { email: answer.user.email } });
    } catch (error) {
      if (applyServerFieldErrors(error, FIELDS, setError, { name: 'username' }) > 0) return;
      const message = messageOf(error, UI.registrationFailed);
      setGeneralError(message);
      showToast(message, 'error');
    }
  });

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      {generalError ? <Alert tone="error">{generalError}</Alert> : null}
      <TextField label="Name" autoComplete="name" error={errors.username?.message} {...register('username')} />
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        aria-describedby={checklistId}
        {...register('password', { deps: confirmPassword ? ['confirmPassword'] : [] })}
      />
      <PasswordChecklist id={checklistId} variant="requirements" password={password} confirmation={confirmPassword} />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        isOptional
        placeholder={UI.phonePlaceholder}
        error={errors.phone?.message}
        {...register('phone')}
      />
      <div className={styles.terms}>
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            aria-invalid={errors.acceptTerms ? true : undefined}
            aria-describedby={errors.acceptTerms ? termsId : undefined}
            {...register('acceptTerms', { onChange: () => void trigger('acceptTerms') })}
          />
          <span>
            I accept the {/* A new tab: the form keeps what was typed while the terms are read. */}
            <a href={storePagePath('terms')} target="_blank" rel="noopener">
              terms and conditions
            </a>
          </span>
        </label>
        {errors.acceptTerms ? (
          <p id={termsId} className={styles.fieldError} role="alert">
            {errors.acceptTerms.message}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="primary" isBlock disabled={!isComplete || isSubmitting}>
        {isSubmitting ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
