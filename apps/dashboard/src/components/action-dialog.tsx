import { useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { Button } from './button.tsx';
import { Field } from './field.tsx';
import styles from './action-dialog.module.css';

/**
 * Confirms a consequential action (cancel an order, hide a review…), optionally asking why.
 * `onConfirm` rejects with the message to show; the dialog then stays open with what was typed.
 */
export function ActionDialog({
  trigger,
  title,
  description,
  confirmLabel,
  reasonLabel,
  validateReason,
  onConfirm,
  children,
  variant = 'primary',
}: {
  trigger: ReactNode;
  title: string;
  description?: string;
  confirmLabel: string;
  reasonLabel?: string;
  validateReason?: (reason: string) => string | null;
  onConfirm: (reason: string) => Promise<void>;
  children?: ReactNode;
  variant?: 'primary' | 'danger';
}) {
  const [isOpen, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateReason?.(reason) ?? null;
    if (invalid) {
      setError(invalid);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason);
      setOpen(false);
      setReason('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root
      open={isOpen}
      onOpenChange={(open) => {
        setOpen(open);
        if (!open) setError(null);
      }}
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content} aria-describedby={undefined}>
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          {description ? <p className={styles.description}>{description}</p> : null}
          <form onSubmit={(event) => void submit(event)} className={styles.form} noValidate>
            {children}
            {reasonLabel ? (
              <Field label={reasonLabel} error={error ?? undefined}>
                <textarea value={reason} onChange={(event) => setReason(event.target.value)} maxLength={300} />
              </Field>
            ) : error ? (
              <p role="alert" className={styles.error}>
                {error}
              </p>
            ) : null}
            <div className={styles.actions}>
              <Dialog.Close asChild>
                <Button>Back</Button>
              </Dialog.Close>
              <Button type="submit" variant={variant} isBusy={isBusy}>
                {confirmLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
