import { useForm } from 'react-hook-form';
import { BACK_OFFICE_UI_MESSAGES as T, StockAdjustmentBodySchema, type StockAdjustmentBody } from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { amountOf, contractResolver } from '../../../lib/contract-resolver.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useAdjustStock } from '../api/adjust-stock.ts';
import styles from '../stock-page.module.css';

interface AdjustValues {
  size: string;
  /** 'delta': add or remove; 'quantity': count what is on the shelf. */
  mode: 'delta' | 'quantity';
  amount: string;
  reason: 'adjustment' | 'import';
  note: string;
}

function toBody(productId: string, values: AdjustValues): StockAdjustmentBody {
  const amount = amountOf(values.amount);
  return {
    productId,
    size: values.size,
    ...(values.mode === 'delta' ? { delta: amount } : { quantity: amount }),
    reason: values.reason,
    note: values.note,
  };
}

/** A size's stock changed with a reason; the ledger keeps the row (docs/product.md#stock-ledger: "why is M at 0?"). */
export function AdjustStockForm({ productId, sizes }: { productId: string; sizes: { size: string; stock: number }[] }) {
  const adjust = useAdjustStock();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AdjustValues>({
    defaultValues: { size: sizes[0]?.size ?? '', mode: 'delta', amount: '', reason: 'adjustment', note: '' },
    resolver: contractResolver<AdjustValues>(StockAdjustmentBodySchema, (values) => toBody(productId, values), {
      delta: 'amount',
      quantity: 'amount',
      productId: 'size',
    }),
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await adjust.mutateAsync(toBody(productId, values));
      notifySuccess(answer.message);
      reset({ ...values, amount: '', note: '' });
    } catch (error) {
      const message = applyServerErrors(
        error,
        setError,
        ['size', 'amount', 'reason', 'note', 'delta', 'quantity'],
        T.saveFailed,
      );
      if (message) setError('root', { message });
    }
  });
  return (
    <form className={styles.adjust} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Change stock">
      <Field label="Size" error={errors.size?.message}>
        <select {...register('size')}>
          {sizes.map(({ size, stock }) => (
            <option key={size} value={size}>
              {size} ({stock} in stock)
            </option>
          ))}
        </select>
      </Field>
      <Field label="Change" error={errors.mode?.message}>
        <select {...register('mode')}>
          <option value="delta">Add or remove</option>
          <option value="quantity">Set the count</option>
        </select>
      </Field>
      <Field label="Amount" error={errors.amount?.message} hint="e.g. 5, or -2 to remove">
        <input inputMode="numeric" {...register('amount')} />
      </Field>
      <Field label="Reason" error={errors.reason?.message}>
        <select {...register('reason')}>
          <option value="adjustment">Adjustment</option>
          <option value="import">Import (delivery)</option>
        </select>
      </Field>
      <Field label="Note" error={errors.note?.message}>
        <input {...register('note')} placeholder="Why the stock changes" />
      </Field>
      <Button type="submit" variant="primary" isBusy={isSubmitting}>
        Save stock
      </Button>
      <FormError message={errors.root?.message} />
    </form>
  );
}
