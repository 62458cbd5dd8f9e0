import { useForm, useWatch } from 'react-hook-form';
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
import { refundPreview, refundRoom } from '../refund-preview.ts';
import styles from '../orders.module.css';

interface RefundValues {
  amount: string;
  refundShipping: boolean;
  reason: string;
  /** Per order line: how many came back to stock. */
  restock: Record<string, string>;
}

function toBody(values: RefundValues): RefundOrderBody {
  return {
    amount: amountOf(values.amount),
    refundShipping: values.refundShipping,
    reason: values.reason,
    restock: Object.entries(values.restock)
      .map(([itemId, quantity]) => ({ itemId, quantity: Number(quantity || 0) }))
      .filter((line) => line.quantity > 0),
  };
}

/**
 * A return of a delivered order: money back on the goods (their tax share comes with it), the
 * shipping too when ticked, with the items that go back on the shelf. The split into tax and
 * shipping shows before the owner confirms.
 */
export function RefundForm({
  order,
  onRefund,
}: {
  order: AdminOrder;
  onRefund: (body: RefundOrderBody) => Promise<unknown>;
}) {
  const room = refundRoom(order);
  const canRefundShipping = room.shipping > 0 && !room.isShippingRefunded;
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<RefundValues>({
    defaultValues: {
      amount: String(room.goodsLeft),
      refundShipping: false,
      reason: '',
      restock: Object.fromEntries(order.items.map((item) => [item._id, '0'])),
    },
    resolver: contractResolver<RefundValues>(RefundOrderBodySchema, toBody),
  });
  const [amountText, refundShipping] = useWatch({ control, name: ['amount', 'refundShipping'] });
  const preview = refundPreview(order, amountOf(amountText), refundShipping);
  const onSubmit = handleSubmit(async (values) => {
    try {
      await onRefund(toBody(values));
    } catch (error) {
      const message = applyServerErrors(
        error,
        setError,
        ['amount', 'refundShipping', 'reason', 'restock'],
        T.actionFailed,
      );
      if (message) setError('root', { message });
    }
  });
  return (
    <form className={styles.dialogForm} onSubmit={(event) => void onSubmit(event)} noValidate>
      <Field
        label="Amount to refund ($)"
        error={errors.amount?.message}
        hint={`On the goods, tax included: at most ${formatMoney(room.goodsLeft)}.`}
      >
        <input inputMode="decimal" {...register('amount')} />
      </Field>
      <label className={styles.check}>
        <input type="checkbox" disabled={!canRefundShipping} {...register('refundShipping')} />
        <span>
          Refund shipping{' '}
          <span className={styles.muted}>
            {room.isShippingRefunded
              ? '(already refunded)'
              : room.shipping > 0
                ? `(${formatMoney(room.shipping)}, its tax included)`
                : '(free on this order)'}
          </span>
        </span>
      </label>
      {errors.refundShipping?.message ? (
        <p role="alert" className={styles.error}>
          {errors.refundShipping.message}
        </p>
      ) : null}
      <div aria-live="polite">
        {preview.kind === 'ok' ? (
          <dl className={styles.totals} aria-label="This refund">
            <div>
              <dt>Tax part</dt>
              <dd>{formatMoney(preview.taxAmount)}</dd>
            </div>
            <div>
              <dt>Shipping part</dt>
              <dd>{formatMoney(preview.shippingAmount)}</dd>
            </div>
            <div className={styles.total}>
              <dt>Refund in all</dt>
              <dd>{formatMoney(preview.amount)}</dd>
            </div>
          </dl>
        ) : null}
      </div>
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
