import type { FieldErrors, Path, UseFormRegister } from 'react-hook-form';
import { COUNTRIES } from '@shopper/contract/plain';
import type { AddressField, AddressFormValues } from '../lib/address-form.ts';
import { SelectField, TextField } from './form-field.tsx';
import styles from './address-fields.module.css';

interface AddressFieldsProps<T extends AddressFormValues> {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** Codes of the countries offered: where the shop ships. */
  countries: readonly string[];
}

/**
 * The fields of a shipping address (docs/product.md#entities), shared by checkout and the profile's
 * address book. A field in error is marked invalid; its message is the form's to show, once, above.
 */
export function AddressFields<T extends AddressFormValues>({ register, errors, countries }: AddressFieldsProps<T>) {
  const field = (name: AddressField) => ({
    ...((errors as FieldErrors<AddressFormValues>)[name] ? { 'aria-invalid': true as const } : {}),
    ...register(name as Path<T>),
  });
  return (
    <div className={styles.grid}>
      <div className={styles.wide}>
        <TextField label="Full name" autoComplete="name" {...field('name')} />
      </div>
      <div className={styles.wide}>
        <TextField label="Address" autoComplete="street-address" {...field('address')} />
      </div>
      <TextField label="City" autoComplete="address-level2" {...field('city')} />
      <TextField label="State/Province" autoComplete="address-level1" {...field('state')} />
      <SelectField label="Country" autoComplete="country" {...field('country')}>
        {COUNTRIES.filter((country) => countries.includes(country.code)).map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </SelectField>
      <TextField label="Zip/Postal Code" autoComplete="postal-code" {...field('postalCode')} />
      <div className={styles.wide}>
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          placeholder="+1 (555) 123-4567"
          {...field('phoneNumber')}
        />
      </div>
    </div>
  );
}
