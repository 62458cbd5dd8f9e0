import { useState, type FormEvent } from 'react';
import {
  type AdminCollectionAnswer,
  BACK_OFFICE_UI_MESSAGES as T,
  COLLECTION_MESSAGES as M,
  type CollectionBody,
  type CollectionKind,
} from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { isApiError, messageOf } from '../../../lib/api-client.ts';
import styles from '../collections.module.css';
import { type BannerValues, BannerFields } from './banner-fields.tsx';
import { type Picked, ProductPicker } from './product-picker.tsx';
import { RuleEditor, ruleOf, ruleValuesOf, type RuleValues } from './rule-editor.tsx';

/** `YYYY-MM-DDTHH:mm` in this browser's time zone, as a datetime-local input holds it. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
const isoOf = (local: string): string | null => (local ? new Date(local).toISOString() : null);

type Values = {
  name: string;
  slug: string;
  description: string;
  isHidden: boolean;
  visibleFrom: string;
  visibleUntil: string;
  kind: CollectionKind;
  banner: BannerValues;
  picked: Picked[];
  rule: RuleValues;
};

function valuesOf(answer: AdminCollectionAnswer | undefined): Values {
  const c = answer?.collection;
  return {
    name: c?.name ?? '',
    slug: c?.slug ?? '',
    description: c?.description ?? '',
    isHidden: c?.isHidden ?? false,
    visibleFrom: localInput(c?.visibleFrom ?? null),
    visibleUntil: localInput(c?.visibleUntil ?? null),
    kind: c?.kind ?? 'rule',
    banner: {
      image: c?.banner?.image ?? '',
      alt: c?.banner?.alt ?? '',
      width: c?.banner ? String(c.banner.width) : '',
      height: c?.banner ? String(c.banner.height) : '',
    },
    picked: (c?.productIds ?? []).map((id) => ({ id, name: answer?.productNames[id] ?? id })),
    rule: ruleValuesOf(c?.rule ?? null),
  };
}

function bodyOf(values: Values): CollectionBody {
  const { banner } = values;
  return {
    name: values.name,
    slug: values.slug,
    description: values.description,
    isHidden: values.isHidden,
    visibleFrom: isoOf(values.visibleFrom),
    visibleUntil: isoOf(values.visibleUntil),
    kind: values.kind,
    banner: banner.image.trim()
      ? { image: banner.image, alt: banner.alt, width: Number(banner.width), height: Number(banner.height) }
      : null,
    productIds: values.kind === 'manual' ? values.picked.map((p) => p.id) : [],
    rule: values.kind === 'rule' ? ruleOf(values.rule) : null,
  };
}

/** The whole collection; the server checks it and its field errors show on their fields. */
export function CollectionForm({
  initial,
  onSave,
}: {
  initial: AdminCollectionAnswer | undefined;
  onSave: (body: CollectionBody) => Promise<void>;
}) {
  const [values, setValues] = useState(() => valuesOf(initial));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [isSaving, setSaving] = useState(false);
  const set = (change: Partial<Values>) => setValues((current) => ({ ...current, ...change }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    setFormError(undefined);
    try {
      await onSave(bodyOf(values));
    } catch (error) {
      const fields = isApiError(error) ? error.errors : [];
      // 'productIds.3' belongs to the list; 'rule.tags.0' to the rule's tags.
      const byField: Record<string, string> = {};
      for (const { param, msg } of fields) {
        const key = param
          .split('.')
          .slice(0, param.startsWith('rule.') || param.startsWith('banner.') ? 2 : 1)
          .join('.');
        byField[key] ??= msg;
      }
      setErrors(byField);
      setFormError(fields.length > 0 ? M.fixFields : messageOf(error, T.saveFailed));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <div className={styles.grid}>
        <Field label="Name" error={errors.name}>
          <input value={values.name} onChange={(event) => set({ name: event.currentTarget.value })} />
        </Field>
        <Field label="Slug" hint="The address: /collections/your-slug" error={errors.slug}>
          <input value={values.slug} onChange={(event) => set({ slug: event.currentTarget.value })} />
        </Field>
      </div>
      <Field label="Description" error={errors.description}>
        <textarea
          rows={3}
          value={values.description}
          onChange={(event) => set({ description: event.currentTarget.value })}
        />
      </Field>
      <BannerFields values={values.banner} onChange={(banner) => set({ banner })} errors={errors} />
      <fieldset className={styles.fieldset}>
        <legend>Visibility</legend>
        <label>
          <input
            type="checkbox"
            checked={values.isHidden}
            onChange={(event) => set({ isHidden: event.currentTarget.checked })}
          />{' '}
          Hidden from shoppers
        </label>
        <div className={styles.grid}>
          <Field label="Visible from" hint="Empty: at once" error={errors.visibleFrom}>
            <input
              type="datetime-local"
              value={values.visibleFrom}
              onChange={(event) => set({ visibleFrom: event.currentTarget.value })}
            />
          </Field>
          <Field label="Visible until" hint="Empty: no end" error={errors.visibleUntil}>
            <input
              type="datetime-local"
              value={values.visibleUntil}
              onChange={(event) => set({ visibleUntil: event.currentTarget.value })}
            />
          </Field>
        </div>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>Products</legend>
        <div className={styles.checks}>
          <label>
            <input type="radio" name="kind" checked={values.kind === 'rule'} onChange={() => set({ kind: 'rule' })} />{' '}
            By a rule
          </label>
          <label>
            <input
              type="radio"
              name="kind"
              checked={values.kind === 'manual'}
              onChange={() => set({ kind: 'manual' })}
            />{' '}
            Chosen by hand
          </label>
        </div>
      </fieldset>
      {values.kind === 'rule' ? (
        <RuleEditor values={values.rule} onChange={(rule) => set({ rule })} errors={errors} />
      ) : (
        <ProductPicker picked={values.picked} onChange={(picked) => set({ picked })} error={errors.productIds} />
      )}
      <FormError message={formError} />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" isBusy={isSaving}>
          Save collection
        </Button>
      </div>
    </form>
  );
}
