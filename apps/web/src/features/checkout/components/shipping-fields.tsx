import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { SHOP_UI_MESSAGES as UI } from '@shopper/contract/plain';
import { AddressFields } from '../../../components/address-fields.tsx';
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
  return (
    <fieldset className={styles.fieldset} disabled={isDisabled}>
      <legend className={styles.sectionTitle}>{UI.shippingTitle}</legend>
      <AddressFields register={register} errors={errors} countries={countries} />
    </fieldset>
  );
}
