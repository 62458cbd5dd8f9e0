import { useState } from 'react';
import { ACCOUNT_MESSAGES, ACCOUNT_UI_MESSAGES as UI, DisableAccountBodySchema } from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import { useDisableAccount } from '../api/disable-account.ts';
import styles from '../profile.module.css';
import { PasswordConfirmDialog } from './password-confirm-dialog.tsx';
import { ProfileSection } from './section.tsx';

/** Section 6 of docs/product.md#profile: Account Management with the 'Disable Your Account' dialog. */
export function AccountSection({ onDisabled }: { onDisabled: () => Promise<void> }) {
  const [isOpen, setIsOpen] = useState(false);
  const disable = useDisableAccount();
  return (
    <ProfileSection id="profile-account" title="Account Management">
      <p className={styles.warning}>{UI.disableWarning}</p>
      <div>
        <Button variant="secondary" className={styles.danger} onClick={() => setIsOpen(true)}>
          Disable Account
        </Button>
      </div>
      <PasswordConfirmDialog
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        title="Disable Your Account"
        description="Enter your password to confirm. You will be logged out."
        schema={DisableAccountBodySchema}
        confirmLabel="Disable Account"
        failedMessage={UI.disableAccountFailed}
        // docs/product.md#profile: the message, then logout (which clears the session) and /.
        doneMessage={ACCOUNT_MESSAGES.accountDisabledDone}
        isFailureToasted
        onConfirm={(password) => disable.mutateAsync(password)}
        onDone={onDisabled}
      />
    </ProfileSection>
  );
}
