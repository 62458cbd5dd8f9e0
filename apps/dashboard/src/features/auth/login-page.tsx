import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { BACK_OFFICE_UI_MESSAGES as T, LoginBodySchema, type LoginBody } from '@shopper/contract';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { FormError } from '../../components/form-error.tsx';
import { currentUserKey, useHasSession } from '../../lib/current-user.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { startSession } from '../../lib/session.ts';
import { login } from './api/login.ts';
import styles from './login-page.module.css';

/** The storefront's own sign-in (POST /api/users/login); the role decides what opens next. */
export function LoginPage() {
  const isSignedIn = useHasSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const from = (location.state as { from?: string } | null)?.from ?? '/';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({ resolver: zodResolver(LoginBodySchema), defaultValues: { email: '', password: '' } });

  if (isSignedIn && !isSubmitting) return <Navigate to={from} replace />;

  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = await login(body);
      queryClient.setQueryData(currentUserKey, answer.user);
      startSession(answer.accessToken);
      await navigate(from, { replace: true });
    } catch (error) {
      const message = applyServerErrors(error, setError, ['email', 'password'], T.loginFailed);
      if (message) setError('root', { message });
    }
  });

  return (
    <main className={styles.page}>
      <form className={styles.card} onSubmit={(event) => void onSubmit(event)} noValidate>
        <h1 className={styles.title}>{T.signInTitle}</h1>
        <FormError message={errors.root?.message} />
        <Field label="Email" error={errors.email?.message}>
          <input type="email" autoComplete="username" {...register('email')} />
        </Field>
        <Field label="Password" error={errors.password?.message}>
          <input type="password" autoComplete="current-password" {...register('password')} />
        </Field>
        <Button type="submit" variant="primary" isBusy={isSubmitting}>
          Sign in
        </Button>
      </form>
    </main>
  );
}
