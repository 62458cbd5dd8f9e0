import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { COUNTRIES, SHOP_UI_MESSAGES as UI } from '@shopper/contract/plain';
import { SelectField, TextField } from '../../../components/form-field.tsx';
import type { CheckoutFormValues } from '../checkout-form.ts';
import styles from '../checkout.module.css';

interface ShippingFieldsProps {
  register: UseFormRegister<CheckoutFormValues>;
  errors: FieldErrors<CheckoutFormValues>;
  isDisabled: boolean;
  /** Codes of the countries the shop ships to: the only ones offered. */
  countries: readonly string[];
}

/** Shipping form of docs/product.md#entities; the one 'fill out all fields' message is shown once, above the fields. */
export function ShippingFields({ register, errors, isDisabled, countries }: ShippingFieldsProps) {
  const invalid = (field: keyof CheckoutFormValues) => (errors[field] ? { 'aria-invalid': true as const } : {});
  return (
    <fieldset className={styles.fieldset} disabled={isDisabled}>
      <legend className={styles.sectionTitle}>{UI.shippingTitle}</legend>
      <div className={styles.grid}>
        <div className={styles.wide}>
          <TextField label="Full name" autoComplete="name" {...invalid('name')} {...register('name')} />
        </div>
        <div className={styles.wide}>
          <TextField label="Address" autoComplete="street-address" {...invalid('address')} {...register('address')} />
        </div>
        <TextField label="City" autoComplete="address-level2" {...invalid('city')} {...register('city')} />
        <TextField label="State/Province" autoComplete="address-level1" {...invalid('state')} {...register('state')} />
        <SelectField label="Country" autoComplete="country" {...register('country')}>
          {COUNTRIES.filter((country) => countries.includes(country.code)).map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Zip/Postal Code"
          autoComplete="postal-code"
          {...invalid('postalCode')}
          {...register('postalCode')}
        />
        <div className={styles.wide}>
          <TextField
            label="Phone number"
            type="tel"
            autoComplete="tel"
            placeholder="+1 (555) 123-4567"
            {...invalid('phoneNumber')}
            {...register('phoneNumber')}
          />
        </div>
      </div>
    </fieldset>
  );
}
