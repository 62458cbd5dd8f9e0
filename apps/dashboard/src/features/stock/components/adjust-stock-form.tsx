import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  BACK_OFFICE_UI_MESSAGES as T,
  StockAdjustmentBodySchema,
  type AdminProductColour,
  type StockAdjustmentBody,
} from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { amountOf, contractResolver } from '../../../lib/contract-resolver.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useAdjustStock } from '../api/adjust-stock.ts';
import styles from '../stock-page.module.css';

interface AdjustValues {
  colourId: string;
  size: string;
  /** 'delta': add or remove; 'quantity': count what is on the shelf. */
  mode: 'delta' | 'quantity';
  amount: string;
  reason: 'adjustment' | 'import';
  note: string;
}

/** A cell of the stock grid picked for a change; `at` tells one click from the next on the same cell. */
export interface StockCell {
  colourId: string;
  size: string;
  at: number;
}

function toBody(productId: string, values: AdjustValues): StockAdjustmentBody {
  const amount = amountOf(values.amount);
  return {
    productId,
    // Always named: a change guessed onto the wrong colour is worse than a refusal (decision 043).
    ...(values.colourId ? { colourId: values.colourId } : {}),
    size: values.size,
    ...(values.mode === 'delta' ? { delta: amount } : { quantity: amount }),
    reason: values.reason,
    note: values.note,
  };
}

/**
 * A variant's stock changed with a reason; the ledger keeps the row (docs/product.md#stock-ledger:
 * "why is M at 0?"). A product with several colours names the colour as well as the size.
 */
export function AdjustStockForm({
  productId,
  colours,
  picked,
}: {
  productId: string;
  colours: AdminProductColour[];
  picked: StockCell | null;
}) {
  const adjust = useAdjustStock();
  const first = colours.find((colour) => !colour.isHidden) ?? colours[0];
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AdjustValues>({
    defaultValues: {
      colourId: picked?.colourId ?? first?.id ?? '',
      size: picked?.size ?? first?.sizes[0]?.size ?? '',
      mode: 'delta',
      amount: '',
      reason: 'adjustment',
      note: '',
    },
    resolver: contractResolver<AdjustValues>(StockAdjustmentBodySchema, (values) => toBody(productId, values), {
      delta: 'amount',
      quantity: 'amount',
      productId: 'size',
    }),
  });
  const colourId = useWatch({ control, name: 'colourId' });
  const colour = colours.find((row) => row.id === colourId) ?? first;

  // A cell picked in the grid after this form was drawn: take it, and go to the amount.
  const applied = useRef(picked?.at);
  useEffect(() => {
    if (!picked || picked.at === applied.current) return;
    applied.current = picked.at;
    setValue('colourId', picked.colourId);
    setValue('size', picked.size);
    setFocus('amount');
  }, [picked, setValue, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await adjust.mutateAsync(toBody(productId, values));
      notifySuccess(answer.message);
      reset({ ...values, amount: '', note: '' });
    } catch (error) {
      const message = applyServerErrors(
        error,
        setError,
        ['colourId', 'size', 'amount', 'reason', 'note', 'delta', 'quantity'],
        T.saveFailed,
      );
      if (message) setError('root', { message });
    }
  });
  return (
    <form className={styles.adjust} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Change stock">
      {colours.length > 1 ? (
        <Field label="Colour" error={errors.colourId?.message}>
          <select {...register('colourId')}>
            {colours.map((row) => (
              <option key={row.id} value={row.id}>
                {row.name}
                {row.isHidden ? ' (hidden)' : ''}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <Field label="Size" error={errors.size?.message}>
        <select {...register('size')}>
          {(colour?.sizes ?? []).map(({ size, stock }) => (
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
