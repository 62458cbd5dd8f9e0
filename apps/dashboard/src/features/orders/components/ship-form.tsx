import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BACK_OFFICE_UI_MESSAGES as T, ShipOrderBodySchema, type ShipOrderBody } from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import styles from '../orders.module.css';

/** Carrier and tracking number: the customer's order page and mail show both. */
export function ShipForm({ onShip }: { onShip: (body: ShipOrderBody) => Promise<unknown> }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ShipOrderBody>({
    resolver: zodResolver(ShipOrderBodySchema),
    defaultValues: { carrier: '', trackingNumber: '' },
  });
  const onSubmit = handleSubmit(async (body) => {
    try {
      await onShip(body);
    } catch (error) {
      const message = applyServerErrors(error, setError, ['carrier', 'trackingNumber'], T.actionFailed);
      if (message) setError('root', { message });
    }
  });
  return (
    <form className={styles.dialogForm} onSubmit={(event) => void onSubmit(event)} noValidate>
      <Field label="Carrier" error={errors.carrier?.message}>
        <input {...register('carrier')} placeholder="e.g. UPS" />
      </Field>
      <Field label="Tracking number" error={errors.trackingNumber?.message}>
        <input {...register('trackingNumber')} />
      </Field>
      <FormError message={errors.root?.message} />
      <Button type="submit" variant="primary" isBusy={isSubmitting}>
        Mark as shipped
      </Button>
    </form>
  );
}
