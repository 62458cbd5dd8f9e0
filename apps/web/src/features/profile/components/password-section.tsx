import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_MESSAGES, ACCOUNT_UI_MESSAGES as UI, ChangePasswordBodySchema, MESSAGES } from '@shopper/contract';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { PasswordChecklist, PasswordMatchNote } from '../../../components/password-checklist.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerFieldErrors, messageOf } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import { useChangePassword } from '../api/change-password.ts';
import styles from '../profile.module.css';
import { ProfileSection } from './section.tsx';

const EMPTY = { currentPassword: '', newPassword: '', newPasswordConfirm: '' };

/** Section 5 of docs/product.md#profile: Password Management (docs/product.md#profile and docs/product.md#account-errors). */
export function PasswordSection() {
  const [isOpen, setIsOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [successMessage, setSuccessMessage] = useState<string | null>(null);
  const checklistId = useId();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ChangePasswordBodySchema), mode: 'onTouched', defaultValues: EMPTY });

  const [currentPassword, newPassword, newPasswordConfirm] = useWatch({
    control,
    name: ['currentPassword', 'newPassword', 'newPasswordConfirm'],
  });
  const isComplete = [currentPassword, newPassword, newPasswordConfirm].every((value) => value.length > 0);

  function open() {
    setSuccessMessage(null);
    setIsOpen(true);
  }

  // docs/product.md#profile: closing resets fields and errors.
  function close() {
    reset(EMPTY);
    setFormError(null);
    setIsOpen(false);
  }

  const onSubmit = handleSubmit(
    async (body) => {
      setFormError(null);
      try {
        const answer = await change.mutateAsync(body);
        close();
        setSuccessMessage(ACCOUNT_MESSAGES.passwordChanged);
        showToast(answer.message || ACCOUNT_MESSAGES.passwordChanged, 'success');
      } catch (error) {
        const isWrongCurrent = isApiError(error) && error.errors?.some((field) => field.param === 'currentPassword');
        if (isWrongCurrent) setValue('currentPassword', '');
        const placed = applyServerFieldErrors(
          error,
          ['currentPassword', 'newPassword', 'newPasswordConfirm'],
          setError,
          {
            confirmPassword: 'newPasswordConfirm',
          },
        );
        const isValidationError = isApiError(error) && error.status === 400;
        const message = isValidationError
          ? placed > 0 && error.errors?.length === 1
            ? error.errors[0]!.msg
            : messageOf(error, MESSAGES.validationFailed)
          : messageOf(error, UI.changePasswordFailed);
        if (placed === 0) setFormError(message);
        showToast(message, 'error');
      }
    },
    () => setFormError(UI.fixPasswordFormErrors),
  );

  return (
    <ProfileSection
      id="profile-password"
      title="Password Management"
      actions={
        isOpen ? null : (
          <Button variant="secondary" size="small" onClick={open}>
            Change Password
          </Button>
        )
      }
    >
      {successMessage ? <Alert tone="success">{successMessage}</Alert> : null}
      {isOpen ? (
        <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <TextField
            label="Current Password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <TextField
            label="New Password"
            type="password"
            autoComplete="new-password"
            aria-describedby={checklistId}
            error={errors.newPassword?.message}
            {...register('newPassword', { deps: newPasswordConfirm ? ['newPasswordConfirm'] : [] })}
          />
          <PasswordChecklist id={checklistId} variant="must" password={newPassword} confirmation={newPasswordConfirm} />
          <TextField
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
            error={errors.newPasswordConfirm?.message}
            hint={<PasswordMatchNote password={newPassword} confirmation={newPasswordConfirm} />}
            {...register('newPasswordConfirm')}
          />
          <div className={styles.formActions}>
            <Button type="submit" variant="primary" disabled={!isComplete || isSubmitting}>
              {isSubmitting ? 'Updating...' : 'Update Password'}
            </Button>
            <Button variant="secondary" onClick={close} disabled={isSubmitting}>
              Cancel
            </Button>
          </div>
        </form>
      ) : successMessage ? null : (
        <p className={styles.muted}>Change the password you use to log in.</p>
      )}
    </ProfileSection>
  );
}
