import { useForm } from 'react-hook-form';
import {
  BACK_OFFICE_UI_MESSAGES as T,
  RefundOrderBodySchema,
  type AdminOrder,
  type RefundOrderBody,
} from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { amountOf, contractResolver } from '../../../lib/contract-resolver.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import styles from '../orders.module.css';

interface RefundValues {
  amount: string;
  reason: string;
  /** Per order line: how many came back to stock. */
  restock: Record<string, string>;
}

function toBody(values: RefundValues): RefundOrderBody {
  return {
    amount: amountOf(values.amount),
    reason: values.reason,
    restock: Object.entries(values.restock)
      .map(([itemId, quantity]) => ({ itemId, quantity: Number(quantity || 0) }))
      .filter((line) => line.quantity > 0),
  };
}

/** A return of a delivered order: full or partial money back, with the items that go back on the shelf. */
export function RefundForm({ order, onRefund }: { order: AdminOrder; onRefund: (body: RefundOrderBody) => Promise<unknown> }) {
  const left = Math.round((order.totalAmount - order.refundedAmount) * 100) / 100;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RefundValues>({
    defaultValues: { amount: String(left), reason: '', restock: Object.fromEntries(order.items.map((item) => [item._id, '0'])) },
    resolver: contractResolver<RefundValues>(RefundOrderBodySchema, toBody),
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await onRefund(toBody(values));
    } catch (error) {
      const message = applyServerErrors(error, setError, ['amount', 'reason', 'restock'], T.actionFailed);
      if (message) setError('root', { message });
    }
  });
  return (
    <form className={styles.dialogForm} onSubmit={(event) => void onSubmit(event)} noValidate>
      <Field label="Amount to refund ($)" error={errors.amount?.message} hint={`At most ${formatMoney(left)}.`}>
        <input inputMode="decimal" {...register('amount')} />
      </Field>
      <Field label="Reason" error={errors.reason?.message}>
        <input {...register('reason')} />
      </Field>
      <fieldset className={styles.restock}>
        <legend>Back in stock</legend>
        {order.items.map((item) => (
          <label key={item._id}>
            <span>
              {item.name}
              {item.colourName ? ` · ${item.colourName}` : ''} · {item.size} (of {item.quantity})
            </span>
            <input type="number" min={0} max={item.quantity} {...register(`restock.${item._id}`)} />
          </label>
        ))}
        {(errors.restock as { message?: string } | undefined)?.message ? (
          <p role="alert" className={styles.error}>
            {(errors.restock as { message?: string }).message}
          </p>
        ) : null}
      </fieldset>
      <FormError message={errors.root?.message} />
      <Button type="submit" variant="danger" isBusy={isSubmitting}>
        Refund
      </Button>
    </form>
  );
}
