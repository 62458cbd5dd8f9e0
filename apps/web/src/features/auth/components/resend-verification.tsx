import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_MESSAGES, ACCOUNT_UI_MESSAGES as UI, RequestVerificationBodySchema } from '@shopper/contract';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { messageOf } from '../../../lib/form-errors.ts';
import { useRequestVerification } from '../../../lib/request-verification.ts';
import { showToast } from '../../../lib/toast.ts';
import styles from '../auth.module.css';

/** docs/product.md#email-verification: resend verification is idle, loading, success or error. */
type ResendState = { status: 'idle' | 'loading' } | { status: 'success' | 'error'; message: string };

function useResend() {
  const request = useRequestVerification();
  const [state, setState] = useState<ResendState>({ status: 'idle' });
  async function resend(email: string) {
    setState({ status: 'loading' });
    try {
      await request.mutateAsync(email);
      setState({ status: 'success', message: ACCOUNT_MESSAGES.verificationSent(email) });
    } catch (error) {
      const message = messageOf(error, UI.sendVerificationFailed);
      setState({ status: 'error', message });
      showToast(message, 'error');
    }
  }
  return { state, resend };
}

function ResendStatus({ state }: { state: ResendState }) {
  if (state.status === 'success') return <Alert tone="success">{state.message}</Alert>;
  if (state.status === 'error') return <Alert tone="error">{state.message}</Alert>;
  return null;
}

/** A resend button for a known address (/verify-pending). */
export function ResendVerificationButton({ email }: { email: string }) {
  const { state, resend } = useResend();
  return (
    <>
      <ResendStatus state={state} />
      <Button variant="secondary" isBlock disabled={state.status === 'loading'} onClick={() => void resend(email)}>
        {state.status === 'loading' ? 'Sending...' : 'Resend Verification Email'}
      </Button>
    </>
  );
}

/** A resend form asking for the address (/verify-email after a failed or expired link). */
export function ResendVerificationForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const { state, resend } = useResend();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(RequestVerificationBodySchema), defaultValues: { email: defaultEmail } });
  return (
    <form
      className={styles.form}
      onSubmit={(event) => void handleSubmit(({ email }) => resend(email))(event)}
      noValidate
    >
      <ResendStatus state={state} />
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <Button type="submit" variant="primary" isBlock disabled={state.status === 'loading'}>
        {state.status === 'loading' ? 'Sending...' : 'Resend Verification Email'}
      </Button>
    </form>
  );
}
