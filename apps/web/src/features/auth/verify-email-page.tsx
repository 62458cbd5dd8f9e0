import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ACCOUNT_MESSAGES, ACCOUNT_UI_MESSAGES as UI } from '@shopper/contract/plain';
import { Alert } from '../../components/alert.tsx';
import { ButtonLink } from '../../components/button.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { currentUserQueryKey, useCurrentUser } from '../../lib/current-user.ts';
import { useVerifyEmail } from './api/verify-email.ts';
import { ResendVerificationForm } from './components/resend-verification.tsx';
import styles from './auth.module.css';

/** /verify-email and /verify (docs/product.md#email-verification): verifying, success, already verified, or failure with resend. */
export function VerifyEmailPage() {
  usePageTitle('Email Verification');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  const verification = useVerifyEmail(token);
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const isVerified = verification.isSuccess;

  // Verifying clears the needs-verification state (docs/product.md#email-verification): the signed-in user is read again.
  useEffect(() => {
    if (isVerified) void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  }, [isVerified, queryClient]);

  let body;
  if (!token) {
    body = (
      <>
        <Alert tone="error">{UI.noVerificationToken}</Alert>
        <ResendVerificationForm defaultEmail={user?.email} />
      </>
    );
  } else if (verification.isPending) {
    body = <Spinner label="Verifying your email…" />;
  } else if (verification.isError) {
    body = (
      <>
        <p className={styles.icon} data-tone="error" aria-hidden="true">
          !
        </p>
        <Alert tone="error">{UI.verificationFailed}</Alert>
        <p className={styles.lead}>Enter your email to get a new verification link.</p>
        <ResendVerificationForm defaultEmail={user?.email} />
      </>
    );
  } else {
    const isAlready = verification.data.alreadyVerified;
    body = (
      <>
        <p className={styles.icon} data-tone="success" aria-hidden="true">
          ✓
        </p>
        <Alert tone="success">
          {verification.data.message ||
            (isAlready ? ACCOUNT_MESSAGES.emailAlreadyVerified : ACCOUNT_MESSAGES.emailVerified)}
        </Alert>
        <div className={styles.actions}>
          {user ? (
            <ButtonLink to="/" variant="primary">
              Continue Shopping
            </ButtonLink>
          ) : (
            <ButtonLink to="/login" variant="primary">
              Go to Login
            </ButtonLink>
          )}
        </div>
      </>
    );
  }

  const title =
    token && verification.isSuccess
      ? verification.data.alreadyVerified
        ? 'Email Already Verified'
        : 'Email Verified!'
      : 'Email Verification';

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="verify-title" aria-busy={verification.isFetching}>
        <h1 id="verify-title" className={styles.title}>
          {title}
        </h1>
        {body}
      </section>
    </div>
  );
}
