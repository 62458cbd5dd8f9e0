import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DATA_RIGHTS_MESSAGES as M, EraseAccountBodySchema } from '@shopper/contract';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { applyServerFieldErrors, messageOf } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import { eraseAccount, fetchMyData } from '../api/data-rights.ts';
import styles from '../profile.module.css';
import { ProfileSection } from './section.tsx';

/** Saves `data` as a JSON file, as a download the browser names. */
function saveJson(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** docs/product.md#your-data: a copy of the customer's data, and the erasure of the account. */
export function DataSection({ onErased }: { onErased: () => Promise<void> }) {
  const [isDownloading, setIsDownloading] = useState(false);
  const [isOpen, setIsOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [isDone, setIsDone] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(EraseAccountBodySchema), defaultValues: { password: '' } });
  const isProcessing = isSubmitting || isDone;

  async function download() {
    setIsDownloading(true);
    try {
      const data = await fetchMyData();
      saveJson(data, `shopper-my-data-${data.exportedAt.slice(0, 10)}.json`);
    } catch (error) {
      showToast(messageOf(error, M.exportFailed), 'error');
    } finally {
      setIsDownloading(false);
    }
  }

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
      await eraseAccount(password);
    } catch (error) {
      if (applyServerFieldErrors(error, ['password'], setError) > 0) return;
      setFormError(messageOf(error, M.exportFailed));
      return;
    }
    setIsDone(true);
    showToast(M.erased, 'success');
    await onErased();
  });

  return (
    <ProfileSection id="profile-data" title="Your Data">
      <h3 className={styles.subTitle}>{M.exportTitle}</h3>
      <p>{M.exportHint}</p>
      <div>
        <Button variant="secondary" onClick={() => void download()} disabled={isDownloading}>
          {isDownloading ? 'Preparing…' : M.exportButton}
        </Button>
      </div>
      <h3 className={styles.subTitle}>{M.eraseTitle}</h3>
      <ul className={styles.warningList}>
        {M.eraseExplained.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div>
        <Button variant="secondary" className={styles.danger} onClick={() => setOpen(true)}>
          {M.eraseButton}
        </Button>
      </div>
      <Modal
        isOpen={isOpen}
        onOpenChange={setOpen}
        title={M.eraseTitle}
        description="Enter your password to confirm. Your personal data is erased and you are signed out everywhere."
        isLocked={isProcessing}
      >
        <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
          {isDone ? <Alert tone="success">{M.erased}</Alert> : null}
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
              {isProcessing ? 'Processing...' : M.eraseConfirm}
            </Button>
          </div>
        </form>
      </Modal>
    </ProfileSection>
  );
}
