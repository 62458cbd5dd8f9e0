import { useForm, useWatch } from 'react-hook-form';
import {
  BACK_OFFICE_UI_MESSAGES as T,
  CouponCreateBodySchema,
  CouponUpdateBodySchema,
  type AdminCoupon,
  type CouponCreateBody,
  type CouponKind,
} from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { amountOf, contractResolver } from '../../../lib/contract-resolver.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import styles from './coupon-form.module.css';

interface CouponFormValues {
  code: string;
  kind: CouponKind;
  value: string;
  minSubtotal: string;
  /** A datetime-local value, in the person's own time zone; empty never expires. */
  expiresAt: string;
  /** Empty: no limit. */
  usageLimit: string;
  description: string;
}

const FIELDS = ['code', 'kind', 'value', 'minSubtotal', 'expiresAt', 'usageLimit', 'description'];

/** 2026-12-31T23:59 (local) ⇄ an ISO instant. */
function toIso(local: string): string | null {
  if (!local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}
function toLocal(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, 16);
}

function toBody(values: CouponFormValues): CouponCreateBody {
  return {
    code: values.code,
    kind: values.kind,
    value: amountOf(values.value),
    minSubtotal: values.minSubtotal.trim() === '' ? 0 : amountOf(values.minSubtotal),
    expiresAt: toIso(values.expiresAt),
    usageLimit: values.usageLimit.trim() === '' ? null : amountOf(values.usageLimit),
    description: values.description,
  };
}

function valuesOf(coupon: AdminCoupon | undefined): CouponFormValues {
  return {
    code: coupon?.code ?? '',
    kind: coupon?.kind ?? 'percent',
    value: coupon ? String(coupon.value) : '',
    minSubtotal: coupon ? String(coupon.minSubtotal) : '0',
    expiresAt: toLocal(coupon?.expiresAt ?? null),
    usageLimit: coupon?.usageLimit == null ? '' : String(coupon.usageLimit),
    description: coupon?.description ?? '',
  };
}

/** Create a promo code, or edit one (its code stays). */
export function CouponForm({
  coupon,
  onSave,
}: {
  coupon?: AdminCoupon;
  onSave: (body: CouponCreateBody) => Promise<unknown>;
}) {
  const isNew = coupon === undefined;
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CouponFormValues>({
    defaultValues: valuesOf(coupon),
    resolver: contractResolver<CouponFormValues>(isNew ? CouponCreateBodySchema : CouponUpdateBodySchema, (values) => {
      const { code, ...rest } = toBody(values);
      return isNew ? { code, ...rest } : rest;
    }),
  });
  const kind = useWatch({ control, name: 'kind' });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await onSave(toBody(values));
    } catch (error) {
      const message = applyServerErrors(error, setError, FIELDS, T.saveFailed);
      if (message) setError('root', { message });
    }
  });
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <FormError message={errors.root?.message} />
      <div className={styles.grid}>
        <Field label="Code" error={errors.code?.message}>
          <input autoComplete="off" readOnly={!isNew} {...register('code')} />
        </Field>
        <Field label="Kind" error={errors.kind?.message}>
          <select {...register('kind')}>
            <option value="percent">Percent off</option>
            <option value="fixed">Amount off ($)</option>
          </select>
        </Field>
        <Field label={kind === 'percent' ? 'Percent off' : 'Amount off ($)'} error={errors.value?.message}>
          <input inputMode="decimal" {...register('value')} />
        </Field>
        <Field label="Minimum order ($)" error={errors.minSubtotal?.message}>
          <input inputMode="decimal" {...register('minSubtotal')} />
        </Field>
        <Field label="Expires" error={errors.expiresAt?.message} hint="Empty: never expires.">
          <input type="datetime-local" {...register('expiresAt')} />
        </Field>
        <Field label="Usage limit" error={errors.usageLimit?.message} hint="Empty: no limit.">
          <input inputMode="numeric" {...register('usageLimit')} />
        </Field>
      </div>
      <Field label="Description" error={errors.description?.message}>
        <input {...register('description')} />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" isBusy={isSubmitting}>
          {isNew ? 'Create promo code' : 'Save promo code'}
        </Button>
      </div>
    </form>
  );
}
