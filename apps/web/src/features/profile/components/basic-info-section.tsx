import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_UI_MESSAGES as UI,
  NameSchema,
  ProfileUpdateBodySchema,
  RequiredPhoneSchema,
  type User,
} from '@shopper/contract';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { useDebouncedValidation } from '../../../hooks/use-debounced-validation.ts';
import { applyServerFieldErrors, messageOf } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import styles from '../profile.module.css';
import { ProfileSection } from './section.tsx';

const BasicInfoSchema = ProfileUpdateBodySchema.pick({ name: true, phone: true });

/** Section 3 of docs/product.md#profile: Name and Phone, view or edit. */
export function BasicInfoSection({ user }: { user: User }) {
  const [isEditing, setIsEditing] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateProfile();
  const form = useForm({
    resolver: zodResolver(BasicInfoSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { name: user.name, phone: user.phone },
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = form;
  useDebouncedValidation(form, isEditing);

  const name = useWatch({ control, name: 'name' });
  const phone = useWatch({ control, name: 'phone' });
  // docs/product.md#profile: Save is disabled until name and phone are valid.
  const isValid = NameSchema.safeParse(name).success && RequiredPhoneSchema.safeParse(phone).success;

  function startEditing() {
    reset({ name: user.name, phone: user.phone });
    setFormError(null);
    setIsEditing(true);
  }

  // docs/product.md#profile: Cancel restores the last saved values and clears errors.
  function cancel() {
    reset({ name: user.name, phone: user.phone });
    setFormError(null);
    setIsEditing(false);
  }

  const onSubmit = handleSubmit(
    async (values) => {
      setFormError(null);
      try {
        await update.mutateAsync(values);
        showToast(ACCOUNT_MESSAGES.profileUpdated, 'success');
        setIsEditing(false);
      } catch (error) {
        if (applyServerFieldErrors(error, ['name', 'phone'], setError, { username: 'name' }) > 0) {
          setFormError(UI.fixFormErrors);
          return;
        }
        const message = messageOf(error, UI.updateProfileFailed);
        setFormError(message);
        showToast(message, 'error');
      }
    },
    () => setFormError(UI.fixFormErrors),
  );

  return (
    <ProfileSection
      id="profile-basic"
      title="Basic Information"
      actions={
        isEditing ? null : (
          <Button variant="secondary" size="small" onClick={startEditing} aria-label="Edit basic information">
            Edit
          </Button>
        )
      }
    >
      {isEditing ? (
        <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <div className={styles.grid}>
            <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
            <TextField
              label="Phone"
              type="tel"
              autoComplete="tel"
              placeholder={UI.phonePlaceholder}
              error={errors.phone?.message}
              {...register('phone')}
            />
          </div>
          <div className={styles.formActions}>
            <Button type="submit" variant="primary" disabled={!isValid || isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save Changes'}
            </Button>
            <Button variant="secondary" onClick={cancel} disabled={isSubmitting}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <dl className={styles.details}>
          <div>
            <dt>Name</dt>
            <dd>{user.name}</dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>{user.phone || <span className={styles.muted}>{UI.notProvided}</span>}</dd>
          </div>
        </dl>
      )}
    </ProfileSection>
  );
}
