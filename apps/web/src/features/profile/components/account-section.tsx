import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_MESSAGES, ACCOUNT_UI_MESSAGES as UI, DisableAccountBodySchema } from '@shopper/contract';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { applyServerFieldErrors, messageOf } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import { useDisableAccount } from '../api/disable-account.ts';
import styles from '../profile.module.css';
import { ProfileSection } from './section.tsx';

/** Section 6 of docs/product.md#profile: Account Management with the 'Disable Your Account' dialog. */
export function AccountSection({ onDisabled }: { onDisabled: () => Promise<void> }) {
  const [isOpen, setIsOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const disable = useDisableAccount();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(DisableAccountBodySchema), defaultValues: { password: '' } });
  const isProcessing = isSubmitting || doneMessage !== null;

  function setOpen(next: boolean) {
    if (!next) {
      reset({ password: '' });
      setFormError(null);
    }
    setIsOpen(next);
  }

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await disable.mutateAsync(password);
    } catch (error) {
      if (applyServerFieldErrors(error, ['password'], setError) > 0) return;
      const message = messageOf(error, UI.disableAccountFailed);
      setFormError(message);
      showToast(message, 'error');
      return;
    }
    // docs/product.md#profile: the message, then logout (which clears the session) and /.
    setDoneMessage(ACCOUNT_MESSAGES.accountDisabledDone);
    showToast(ACCOUNT_MESSAGES.accountDisabledDone, 'success');
    await onDisabled();
  });

  return (
    <ProfileSection id="profile-account" title="Account Management">
      <p className={styles.warning}>{UI.disableWarning}</p>
      <div>
        <Button variant="secondary" className={styles.danger} onClick={() => setOpen(true)}>
          Disable Account
        </Button>
      </div>
      <Modal
        isOpen={isOpen}
        onOpenChange={setOpen}
        title="Disable Your Account"
        description="Enter your password to confirm. You will be logged out."
        isLocked={isProcessing}
      >
        <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
          {doneMessage ? <Alert tone="success">{doneMessage}</Alert> : null}
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            readOnly={isProcessing}
            error={errors.password?.message}
            {...register('password')}
          />
          <div className={styles.formActions}>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={isProcessing}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" className={styles.dangerSolid} disabled={isProcessing}>
              {isProcessing ? 'Processing...' : 'Disable Account'}
            </Button>
          </div>
        </form>
      </Modal>
    </ProfileSection>
  );
}
