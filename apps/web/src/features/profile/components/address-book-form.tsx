import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { SavedAddress } from '@shopper/contract';
import { ADDRESS_MESSAGES as AM, COUNTRY_CODES, DEFAULT_COUNTRY } from '@shopper/contract/plain';
import { Alert } from '../../../components/alert.tsx';
import { AddressFields } from '../../../components/address-fields.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/form-field.tsx';
import {
  ADDRESS_FIELDS,
  addressFormShape,
  fromSavedAddress,
  SAVED_ADDRESS_FIELD_NAMES,
  toSavedAddressBody,
} from '../../../lib/address-form.ts';
import { applyServerFieldErrors, messageOf } from '../../../lib/form-errors.ts';
import type { AddressBookChange } from '../api/address-book.ts';
import styles from '../profile.module.css';

/** Checkout's address form, with the book's label and default. */
const schema = z.object({
  ...addressFormShape,
  label: z.string().trim().max(40, AM.labelInvalid),
  isDefault: z.boolean(),
});
type Values = z.infer<typeof schema>;

const blank = (name: string, phone: string): Values => ({
  label: '',
  name,
  address: '',
  city: '',
  state: '',
  country: DEFAULT_COUNTRY,
  postalCode: '',
  phoneNumber: phone,
  isDefault: false,
});

/**
 * Adds an entry to the address book or changes one. Its messages are checkout's: the one 'fill out
 * all fields' message once above the fields, and the server's words for a zip or country it refuses.
 */
export function AddressBookForm({
  entry,
  user,
  onSave,
  onDone,
}: {
  /** The entry changed, or null for a new one. */
  entry: SavedAddress | null;
  user: { name: string; phone: string };
  onSave: (change: AddressBookChange) => Promise<unknown>;
  onDone: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    reValidateMode: 'onSubmit',
    defaultValues: entry
      ? { ...fromSavedAddress(entry), label: entry.label, isDefault: entry.isDefault }
      : blank(user.name, user.phone),
  });

  const onSubmit = handleSubmit(async (values) => {
    const body = toSavedAddressBody(values, { label: values.label, isDefault: values.isDefault });
    try {
      await onSave(entry ? { kind: 'edit', id: entry._id, body } : { kind: 'add', body });
      onDone();
    } catch (error) {
      const placed = applyServerFieldErrors(error, [...ADDRESS_FIELDS, 'label'], setError, SAVED_ADDRESS_FIELD_NAMES);
      if (placed === 0) setError('root', { message: messageOf(error, AM.saveFailed) });
    }
  });

  // Each distinct message once: 'fill out all fields' for any empty field, the server's for the rest.
  const messages = [
    ...new Set(
      [...ADDRESS_FIELDS, 'label' as const].map((field) => errors[field]?.message).filter((m): m is string => !!m),
    ),
  ];
  if (errors.root?.message) messages.push(errors.root.message);
  const title = entry ? `Edit ${entry.label || entry.name}` : 'New address';

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-label={title}>
      {messages.length > 0 ? (
        <Alert tone="error">
          {messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </Alert>
      ) : null}
      <TextField
        label="Label"
        isOptional
        placeholder="Home, Work…"
        maxLength={40}
        aria-invalid={errors.label ? true : undefined}
        {...register('label')}
      />
      <AddressFields register={register} errors={errors} countries={COUNTRY_CODES} />
      {entry?.isDefault ? null : (
        <label className={styles.check}>
          <input type="checkbox" {...register('isDefault')} />
          {AM.makeDefaultLabel}
        </label>
      )}
      <div className={styles.formActions}>
        <Button type="submit" variant="primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save address'}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
