import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { applyServerFieldErrors, messageOf } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import styles from '../profile.module.css';

type PasswordSchema = z.ZodType<{ password: string }, { password: string }>;

/**
 * The dialog that asks for the password before an account is closed for good (disabled or
 * erased): a wrong password shows on the field, another failure above it; once done, the success
 * message stays while `onDone` signs out, and nothing can be pressed.
 */
export function PasswordConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  description,
  schema,
  confirmLabel,
  failedMessage,
  doneMessage,
  isFailureToasted = false,
  onConfirm,
  onDone,
}: {
  isOpen: boolean;
  onOpenChange: (next: boolean) => void;
  title: string;
  description: string;
  schema: PasswordSchema;
  confirmLabel: string;
  /** Shown when the server gives no message of its own. */
  failedMessage: string;
  doneMessage: string;
  /** Also tell a failure in a toast. */
  isFailureToasted?: boolean;
  onConfirm: (password: string) => Promise<unknown>;
  onDone: () => Promise<void>;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const [isDone, setIsDone] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { password: '' } });
  const isProcessing = isSubmitting || isDone;

  function setOpen(next: boolean) {
    if (!next) {
      reset({ password: '' });
      setFormError(null);
    }
    onOpenChange(next);
  }

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await onConfirm(password);
    } catch (error) {
      if (applyServerFieldErrors(error, ['password'], setError) > 0) return;
      const message = messageOf(error, failedMessage);
      setFormError(message);
      if (isFailureToasted) showToast(message, 'error');
      return;
    }
    setIsDone(true);
    showToast(doneMessage, 'success');
    await onDone();
  });

  return (
    <Modal isOpen={isOpen} onOpenChange={setOpen} title={title} description={description} isLocked={isProcessing}>
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        {isDone ? <Alert tone="success">{doneMessage}</Alert> : null}
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
            {isProcessing ? 'Processing...' : confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
