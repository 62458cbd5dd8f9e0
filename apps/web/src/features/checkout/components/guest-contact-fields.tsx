import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { GUEST_CHECKOUT_MESSAGES as G } from '@shopper/contract/plain';
import { TextField } from '../../../components/form-field.tsx';
import type { CheckoutFormValues } from '../checkout-form.ts';
import styles from '../checkout.module.css';

interface GuestContactFieldsProps {
  register: UseFormRegister<CheckoutFormValues>;
  errors: FieldErrors<CheckoutFormValues>;
  isDisabled: boolean;
}

/** A guest's email, where the confirmation and the order's updates go (docs/product.md#guest-checkout). */
export function GuestContactFields({ register, errors, isDisabled }: GuestContactFieldsProps) {
  return (
    <fieldset className={styles.fieldset} disabled={isDisabled}>
      <legend className={styles.sectionTitle}>{G.contactTitle}</legend>
      <div className={styles.contact}>
        <TextField
          label={G.emailLabel}
          hint={G.emailHint}
          type="email"
          autoComplete="email"
          spellCheck={false}
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
    </fieldset>
  );
}
