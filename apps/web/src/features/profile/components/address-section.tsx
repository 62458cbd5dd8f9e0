import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_UI_MESSAGES as UI,
  AddressInputSchema,
  COUNTRIES,
  countryName,
  RequiredPhoneSchema,
  type Address,
  type User,
} from '@shopper/contract';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { SelectField, TextField } from '../../../components/form-field.tsx';
import { useDebouncedValidation } from '../../../hooks/use-debounced-validation.ts';
import { applyServerFieldErrors, messageOf } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import styles from '../profile.module.css';
import { ProfileSection } from './section.tsx';

const FIELDS = ['street', 'city', 'state', 'zipCode', 'country'] as const;

/** What the form holds: the input side of the contract's AddressInputSchema. */
type AddressFormValues = Partial<Record<(typeof FIELDS)[number] | 'postalCode', string>>;

function savedValues(user: User): AddressFormValues {
  const address = user.address;
  return {
    street: address?.street ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    zipCode: address?.zipCode ?? address?.postalCode ?? '',
    country: address?.country ?? '',
  };
}

/** Section 4 of docs/product.md#profile: the shipping address, optional as a whole (docs/product.md#addresses). */
export function AddressSection({ user }: { user: User }) {
  const [isEditing, setIsEditing] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateProfile();
  const form = useForm<AddressFormValues, unknown, Address | null>({
    resolver: zodResolver(AddressInputSchema),
    reValidateMode: 'onSubmit',
    defaultValues: savedValues(user),
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

  const values = useWatch({ control });
  const filled = (value: string | undefined) => (value ?? '').trim().length > 0;
  const isEmpty = FIELDS.every((field) => !filled(values[field]));
  // docs/product.md#addresses: all empty clears the address; otherwise street, city, zip and country must be given.
  const canSave =
    isEmpty || (filled(values.street) && filled(values.city) && filled(values.zipCode) && filled(values.country));

  function startEditing() {
    reset(savedValues(user));
    setFormError(null);
    setIsEditing(true);
  }

  function cancel() {
    reset(savedValues(user));
    setFormError(null);
    setIsEditing(false);
  }

  const onSubmit = handleSubmit(
    async () => {
      setFormError(null);
      // The profile call always carries name and phone; the phone is required there (docs/product.md#profile).
      if (!RequiredPhoneSchema.safeParse(user.phone).success) {
        setFormError(`${ACCOUNT_MESSAGES.phoneRequired}: add it under Basic Information first.`);
        return;
      }
      const raw = form.getValues();
      const address = {
        street: raw.street ?? '',
        city: raw.city ?? '',
        state: raw.state ?? '',
        zipCode: raw.zipCode ?? '',
        country: raw.country ?? '',
      };
      try {
        await update.mutateAsync({ name: user.name, phone: user.phone, address });
        showToast(ACCOUNT_MESSAGES.profileUpdated, 'success');
        setIsEditing(false);
      } catch (error) {
        const placed = applyServerFieldErrors(error, FIELDS, setError, {
          'address.street': 'street',
          'address.city': 'city',
          'address.state': 'state',
          'address.zipCode': 'zipCode',
          'address.postalCode': 'zipCode',
          'address.country': 'country',
        });
        if (placed > 0) {
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

  const address = user.address;

  return (
    <ProfileSection
      id="profile-address"
      title="Shipping Address"
      actions={
        isEditing ? null : (
          <Button variant="secondary" size="small" onClick={startEditing} aria-label="Edit shipping address">
            Edit
          </Button>
        )
      }
    >
      {isEditing ? (
        <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <TextField
            label="Street Address"
            autoComplete="street-address"
            error={errors.street?.message}
            {...register('street')}
          />
          <div className={styles.grid}>
            <TextField label="City" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
            <TextField
              label="State/Province"
              autoComplete="address-level1"
              error={errors.state?.message}
              {...register('state')}
            />
            <TextField
              label="Zip/Postal Code"
              autoComplete="postal-code"
              error={errors.zipCode?.message}
              {...register('zipCode')}
            />
            <SelectField label="Country" error={errors.country?.message} {...register('country')}>
              <option value="">{UI.selectCountry}</option>
              {COUNTRIES.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </SelectField>
          </div>
          <div className={styles.formActions}>
            <Button type="submit" variant="primary" disabled={!canSave || isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save'}
            </Button>
            <Button variant="secondary" onClick={cancel} disabled={isSubmitting}>
              Cancel
            </Button>
          </div>
        </form>
      ) : address ? (
        <address className={styles.address}>
          <span>{address.street}</span>
          <span>
            {[address.city, [address.state, address.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
          </span>
          <span>{countryName(address.country) ?? address.country}</span>
        </address>
      ) : (
        <p className={styles.muted}>{UI.noAddress}</p>
      )}
    </ProfileSection>
  );
}
