import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import { ACCOUNT_UI_MESSAGES as UI, LoginBodySchema } from '@shopper/contract';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { applyServerFieldErrors, messageOf } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import { useLogin } from '../api/login.ts';
import { fromPath } from '../from-path.ts';
import styles from '../auth.module.css';

/** docs/product.md#form-rules: only non-empty email and password are checked locally. */
export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const loginMutation = useLogin();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(LoginBodySchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setGeneralError(null);
    try {
      await loginMutation.mutateAsync(values);
      await navigate(fromPath(location.state), { replace: true });
    } catch (error) {
      if (applyServerFieldErrors(error, ['email', 'password'], setError) > 0) return;
      const message = messageOf(error, UI.loginFailed);
      setGeneralError(message);
      showToast(message, 'error');
    }
  });

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      {generalError ? <Alert tone="error">{generalError}</Alert> : null}
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <p className={styles.aside}>
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
      <Button type="submit" variant="primary" isBlock disabled={isSubmitting}>
        {isSubmitting ? 'Logging in...' : 'Login'}
      </Button>
    </form>
  );
}
