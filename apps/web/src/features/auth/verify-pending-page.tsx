import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ACCOUNT_UI_MESSAGES as UI } from '@shopper/contract/plain';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { isEmailVerified, useCurrentUser } from '../../lib/current-user.ts';
import { ResendVerificationButton } from './components/resend-verification.tsx';
import { fromPath } from './from-path.ts';
import styles from './auth.module.css';

/** /verify-pending: 'Almost there!' after signup; the email comes from the route state or the user. */
export function VerifyPendingPage() {
  usePageTitle('Verify Your Email');
  const location = useLocation();
  const navigate = useNavigate();
  const { user, isAuthenticated, refetch } = useCurrentUser();
  const email = (location.state as { email?: string } | null)?.email ?? user?.email ?? null;
  const [check, setCheck] = useState<{ isChecking: boolean; error: string | null }>({
    isChecking: false,
    error: null,
  });

  async function confirmVerified() {
    setCheck({ isChecking: true, error: null });
    try {
      const fresh = await refetch();
      if (fresh && isEmailVerified(fresh)) {
        await navigate(fromPath(location.state), { replace: true });
        return;
      }
      setCheck({ isChecking: false, error: fresh ? UI.stillNotVerified : UI.checkVerificationFailed });
    } catch {
      setCheck({ isChecking: false, error: UI.checkVerificationFailed });
    }
  }

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="pending-title">
        <p className={styles.icon} aria-hidden="true">
          ✉
        </p>
        <h1 id="pending-title" className={styles.title}>
          {UI.almostThere}
        </h1>
        {email ? (
          <>
            <p className={styles.lead}>
              We sent a verification link to <span className={styles.email}>{email}</span>. Click the link in that email
              to activate your account.
            </p>
            <ResendVerificationButton email={email} />
            {isAuthenticated ? (
              <>
                {check.error ? <Alert tone="warning">{check.error}</Alert> : null}
                <Button variant="primary" isBlock disabled={check.isChecking} onClick={() => void confirmVerified()}>
                  {check.isChecking ? 'Checking...' : "I've verified — continue"}
                </Button>
              </>
            ) : null}
          </>
        ) : (
          <>
            <Alert tone="error">{UI.emailNotAvailable}</Alert>
            <div className={styles.actions}>
              <Link to="/signup">Back to registration</Link>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
