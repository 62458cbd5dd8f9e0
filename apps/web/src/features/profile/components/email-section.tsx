import { useState } from 'react';
import { ACCOUNT_MESSAGES, ACCOUNT_UI_MESSAGES as UI } from '@shopper/contract/plain';
import type { User } from '@shopper/contract';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { isEmailVerified } from '../../../lib/current-user.ts';
import { messageOf } from '../../../lib/form-errors.ts';
import { useRequestVerification } from '../../../lib/request-verification.ts';
import { showToast } from '../../../lib/toast.ts';
import styles from '../profile.module.css';
import { ProfileSection } from './section.tsx';

/** Sections 1 and 2 of docs/product.md#profile: the address with its badge, and the unverified alert. */
export function EmailSection({ user }: { user: User }) {
  const isVerified = isEmailVerified(user);
  const request = useRequestVerification();
  const [isSent, setIsSent] = useState(false);

  function resend() {
    if (!user.email) return showToast(UI.noEmailOnAccount, 'error');
    request.mutate(user.email, {
      onSuccess: () => {
        setIsSent(true);
        showToast(ACCOUNT_MESSAGES.verificationSent(user.email), 'success');
      },
      onError: (error) => showToast(messageOf(error, UI.sendVerificationFailed), 'error'),
    });
  }

  return (
    <>
      <ProfileSection id="profile-email" title="Email">
        <div className={styles.emailRow}>
          <span className={styles.emailValue}>{user.email}</span>
          <span className={styles.badge} data-verified={isVerified}>
            {isVerified ? 'Verified' : 'Unverified'}
          </span>
          {isVerified ? null : (
            <Button variant="secondary" size="small" disabled={request.isPending} onClick={resend}>
              {request.isPending ? 'Sending...' : 'Resend Verification Email'}
            </Button>
          )}
        </div>
      </ProfileSection>
      {isVerified ? null : (
        <Alert tone="warning">
          <p>{UI.emailUnverifiedAlert}</p>
          {isSent ? <p className={styles.sentNote}>{UI.verificationSentInbox}</p> : null}
        </Alert>
      )}
    </>
  );
}
