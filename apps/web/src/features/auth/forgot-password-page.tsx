import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'react-router';
import { ACCOUNT_MESSAGES, ACCOUNT_UI_MESSAGES as UI, ForgotPasswordBodySchema } from '@shopper/contract';
import { Alert } from '../../components/alert.tsx';
import { Button, ButtonLink } from '../../components/button.tsx';
import { TextField } from '../../components/form-field.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { isApiError } from '../../lib/api-client.ts';
import { applyServerFieldErrors, messageOf } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toast.ts';
import { useForgotPassword } from './api/password-recovery.ts';
import styles from './auth.module.css';

/** docs/product.md#password-recovery: the words for a failed recovery request. */
function recoveryErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 404) return ACCOUNT_MESSAGES.noAccountWithEmail;
  if (isApiError(error) && error.status === 401 && /logged out/i.test(error.message)) return UI.recoveryNeedsEmail;
  return messageOf(error, UI.passwordRecoveryFailed);
}

export function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const location = useLocation();
  const notice = (location.state as { message?: string } | null)?.message;
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ForgotPasswordBodySchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setGeneralError(null);
    try {
      const answer = await forgot.mutateAsync(email);
      setSentTo({ email, message: answer.message });
    } catch (error) {
      if (isApiError(error) && error.status === 400 && applyServerFieldErrors(error, ['email'], setError) > 0) return;
      const message = recoveryErrorMessage(error);
      setGeneralError(message);
      showToast(message, 'error');
    }
  });

  if (sentTo) {
    return (
      <div className={styles.page}>
        <section className={styles.card} aria-labelledby="forgot-title">
          <p className={styles.icon} data-tone="success" aria-hidden="true">
            ✓
          </p>
          <h1 id="forgot-title" className={styles.title}>
            {UI.recoveryEmailSent}
          </h1>
          <p className={styles.lead}>
            {sentTo.message} We sent it to <span className={styles.email}>{sentTo.email}</span>.
          </p>
          <div className={styles.actions}>
            <ButtonLink to="/login" variant="primary">
              Back to Login
            </ButtonLink>
            <Button variant="secondary" onClick={() => setSentTo(null)}>
              Try another email
            </Button>
          </div>
        </section>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="forgot-title">
        <h1 id="forgot-title" className={styles.title}>
          Forgot Password
        </h1>
        <p className={styles.lead}>Enter your email and we will send you a link to reset your password.</p>
        {notice ? <Alert tone="error">{notice}</Alert> : null}
        <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
          {generalError ? <Alert tone="error">{generalError}</Alert> : null}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" variant="primary" isBlock disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send Recovery Email'}
          </Button>
        </form>
        <p className={styles.links}>
          Remembered it? <Link to="/login">Back to Login</Link>
        </p>
      </section>
    </div>
  );
}
