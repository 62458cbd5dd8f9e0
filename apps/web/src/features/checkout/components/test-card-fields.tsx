import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '../../../components/form-field.tsx';
import type { CheckoutFormValues } from '../checkout-form.ts';
import styles from '../checkout.module.css';

interface TestCardFieldsProps {
  register: UseFormRegister<CheckoutFormValues>;
  errors: FieldErrors<CheckoutFormValues>;
  isDisabled: boolean;
}

/** Card number, expiry and CVC for the test-mode provider; they go to the provider, never to the shop. */
export function TestCardFields({ register, errors, isDisabled }: TestCardFieldsProps) {
  return (
    <fieldset className={styles.cardFields} disabled={isDisabled}>
      <legend className="visually-hidden">Card details</legend>
      <div className={styles.wide}>
        <TextField
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          maxLength={23}
          error={errors.cardNumber?.message}
          {...register('cardNumber')}
        />
      </div>
      <TextField
        label="Expiry"
        inputMode="numeric"
        autoComplete="cc-exp"
        placeholder="MM/YY"
        maxLength={7}
        error={errors.expiry?.message}
        {...register('expiry')}
      />
      <TextField
        label="CVC"
        inputMode="numeric"
        autoComplete="cc-csc"
        placeholder="123"
        maxLength={4}
        error={errors.cvc?.message}
        {...register('cvc')}
      />
    </fieldset>
  );
}
