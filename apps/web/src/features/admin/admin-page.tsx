import { useState } from 'react';
import { ACCOUNT_MESSAGES, ACCOUNT_UI_MESSAGES as UI, MESSAGES } from '@shopper/contract/plain';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { showToast } from '../../lib/toast.ts';
import { useBackOfficeUrl } from './api/get-back-office.ts';
import { useToggleAdmin } from './api/toggle-admin.ts';
import styles from './admin-page.module.css';

type Outcome = { tone: 'success' | 'error'; text: string };

/** docs/product.md#admin-page: the words for a failed toggle. */
function failureText(error: unknown): string {
  // The server answered: its reason, or the fallback when it gave none.
  if (isApiError(error) && error.status >= 400) {
    return error.message && error.message !== MESSAGES.unexpected ? error.message : UI.adminToggleFailed;
  }
  // Time-out, network failure or anything thrown on the way.
  return UI.adminToggleError;
}

/** /admin (docs/product.md#admin-page): not route-guarded; the toggle itself needs a login. */
export function AdminPage() {
  usePageTitle('Admin Access');
  const { user, isLoading } = useCurrentUser();
  const toggle = useToggleAdmin();
  const backOfficeUrl = useBackOfficeUrl();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  function handleToggle() {
    if (!user) {
      setOutcome({ tone: 'error', text: UI.adminLoginRequired });
      return;
    }
    setOutcome(null);
    toggle.mutate(undefined, {
      onSuccess: (answer) => {
        const text = answer.isAdmin ? ACCOUNT_MESSAGES.nowAdmin : ACCOUNT_MESSAGES.adminRemoved;
        setOutcome({ tone: 'success', text });
        showToast(text, 'success');
      },
      onError: (error) => {
        const text = failureText(error);
        setOutcome({ tone: 'error', text });
        showToast(text, 'error');
      },
    });
  }

  const isAdmin = user?.isAdmin ?? false;

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="admin-title">
        <h1 id="admin-title" className={styles.title}>
          Admin Access
        </h1>
        {isLoading ? (
          <Spinner />
        ) : (
          <>
            {user ? (
              <p className={styles.status}>
                Current status:{' '}
                <strong className={styles.role} data-admin={isAdmin}>
                  {isAdmin ? 'Admin' : 'Regular User'}
                </strong>
              </p>
            ) : (
              <p className={styles.text}>Log in to change your admin status.</p>
            )}
            <Button variant="primary" isBlock disabled={toggle.isPending} onClick={handleToggle}>
              {toggle.isPending ? 'Processing...' : isAdmin ? 'Remove Admin Status' : 'Become Admin'}
            </Button>
            {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
          </>
        )}
        <hr className={styles.divider} />
        <p className={styles.text}>
          Admins manage products and orders in the separate admin panel.{' '}
          <a href={backOfficeUrl} target="_blank" rel="noopener noreferrer" className={styles.link}>
            Open the admin panel login
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      </section>
    </div>
  );
}
