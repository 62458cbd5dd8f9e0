import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_UI_MESSAGES as UI,
  RESET_REDIRECT_MS,
  ResetPasswordFormSchema,
  ResetTokenSchema,
} from '@shopper/contract';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { TextField } from '../../components/form-field.tsx';
import { PasswordChecklist } from '../../components/password-checklist.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { applyServerFieldErrors, messageOf } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toast.ts';
import { useResetPassword } from './api/password-recovery.ts';
import styles from './auth.module.css';

export function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const isTokenMissing = token.trim().length === 0;
  const isTokenValid = ResetTokenSchema.safeParse(token).success;
  const reset = useResetPassword();
  const [success, setSuccess] = useState<string | null>(null);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const checklistId = useId();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ResetPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });

  // docs/product.md#password-recovery: a missing token shows the message, then goes to /forgot-password. A token that is
  // there but too short gets 'Invalid reset token' (docs/product.md#reset-tokens), which stays on screen.
  useEffect(() => {
    if (!isTokenMissing) return;
    const timer = setTimeout(
      () => void navigate('/forgot-password', { replace: true, state: { message: UI.invalidResetToken } }),
      RESET_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [isTokenMissing, navigate]);

  // docs/product.md#password-recovery: success goes to /login after 1.5 s with the passwordResetSuccess message.
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(
      () => void navigate('/login', { replace: true, state: { passwordResetSuccess: success } }),
      RESET_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [success, navigate]);

  const onSubmit = handleSubmit(async ({ password }) => {
    setGeneralError(null);
    try {
      const answer = await reset.mutateAsync({ token, password });
      setSuccess(answer.message || ACCOUNT_MESSAGES.passwordResetSuccess);
    } catch (error) {
      if (applyServerFieldErrors(error, ['password'], setError) > 0) return;
      const message = messageOf(error, UI.passwordRecoveryFailed);
      setGeneralError(message);
      showToast(message, 'error');
    }
  });

  const password = useWatch({ control, name: 'password' });
  const confirmation = useWatch({ control, name: 'confirmPassword' });

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="reset-title">
        <h1 id="reset-title" className={styles.title}>
          Reset Password
        </h1>
        {isTokenMissing ? (
          <Alert tone="error">{UI.invalidResetToken}</Alert>
        ) : !isTokenValid ? (
          <Alert tone="error">
            {ACCOUNT_MESSAGES.resetTokenInvalid} <Link to="/forgot-password">Request a new link</Link>
          </Alert>
        ) : success ? (
          <Alert tone="success">{success}</Alert>
        ) : (
          <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
            {generalError ? (
              <Alert tone="error">
                {generalError} <Link to="/forgot-password">Request a new link</Link>
              </Alert>
            ) : null}
            <TextField
              label="New Password"
              type="password"
              autoComplete="new-password"
              aria-describedby={checklistId}
              error={errors.password?.message}
              {...register('password', { deps: confirmation ? ['confirmPassword'] : [] })}
            />
            <PasswordChecklist
              id={checklistId}
              variant="requirements"
              password={password}
              confirmation={confirmation}
            />
            <TextField
              label="Confirm New Password"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              {...register('confirmPassword')}
            />
            <Button type="submit" variant="primary" isBlock disabled={isSubmitting}>
              {isSubmitting ? 'Resetting...' : 'Reset Password'}
            </Button>
          </form>
        )}
      </section>
    </div>
  );
}
