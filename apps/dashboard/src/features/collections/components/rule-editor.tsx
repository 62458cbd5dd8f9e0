import { CATEGORIES, COLOUR_FAMILIES, type CollectionRule } from '@shopper/contract';
import { Field } from '../../../components/field.tsx';
import styles from '../collections.module.css';

/** The rule's conditions as the form holds them: lists as comma-separated text, the price as typed. */
export type RuleValues = {
  category: string;
  types: string;
  tags: string;
  colours: string[];
  onSale: boolean;
  maxPrice: string;
};

const listOf = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);

export function ruleValuesOf(rule: CollectionRule | null): RuleValues {
  return {
    category: rule?.category ?? '',
    types: rule?.types?.join(', ') ?? '',
    tags: rule?.tags?.join(', ') ?? '',
    colours: rule?.colours ?? [],
    onSale: rule?.onSale ?? false,
    maxPrice: rule?.maxPrice === undefined ? '' : String(rule.maxPrice),
  };
}

/** What the API is sent: only the conditions given; the server says which are wrong. */
export function ruleOf(values: RuleValues): Record<string, unknown> {
  const types = listOf(values.types);
  const tags = listOf(values.tags);
  return {
    ...(values.category ? { category: values.category } : {}),
    ...(types.length > 0 ? { types } : {}),
    ...(tags.length > 0 ? { tags } : {}),
    ...(values.colours.length > 0 ? { colours: values.colours } : {}),
    ...(values.onSale ? { onSale: true } : {}),
    ...(values.maxPrice.trim() ? { maxPrice: Number(values.maxPrice) } : {}),
  };
}

/** Every condition given must hold; a list matches any of its values (docs/collections.md). */
export function RuleEditor({
  values,
  onChange,
  errors,
}: {
  values: RuleValues;
  onChange: (next: RuleValues) => void;
  errors: Record<string, string | undefined>;
}) {
  const set = (change: Partial<RuleValues>) => onChange({ ...values, ...change });
  return (
    <fieldset className={styles.fieldset}>
      <legend>Rule: products matching every condition given</legend>
      {errors.rule ? (
        <p className={styles.error} role="alert">
          {errors.rule}
        </p>
      ) : null}
      <div className={styles.grid}>
        <Field label="Category" error={errors['rule.category']}>
          <select value={values.category} onChange={(event) => set({ category: event.currentTarget.value })}>
            <option value="">Any</option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Price under ($)" error={errors['rule.maxPrice']}>
          <input
            inputMode="decimal"
            value={values.maxPrice}
            onChange={(event) => set({ maxPrice: event.currentTarget.value })}
          />
        </Field>
        <Field label="Types" hint="Comma-separated, e.g. dresses, skirts" error={errors['rule.types']}>
          <input value={values.types} onChange={(event) => set({ types: event.currentTarget.value })} />
        </Field>
        <Field label="Tags" hint="Comma-separated, e.g. linen, summer" error={errors['rule.tags']}>
          <input value={values.tags} onChange={(event) => set({ tags: event.currentTarget.value })} />
        </Field>
      </div>
      <fieldset className={styles.inner}>
        <legend>Colour families</legend>
        <div className={styles.checks}>
          {COLOUR_FAMILIES.map((family) => (
            <label key={family}>
              <input
                type="checkbox"
                checked={values.colours.includes(family)}
                onChange={(event) =>
                  set({
                    colours: event.currentTarget.checked
                      ? [...values.colours, family]
                      : values.colours.filter((c) => c !== family),
                  })
                }
              />{' '}
              {family}
            </label>
          ))}
        </div>
      </fieldset>
      <label>
        <input
          type="checkbox"
          checked={values.onSale}
          onChange={(event) => set({ onSale: event.currentTarget.checked })}
        />{' '}
        On sale only
      </label>
    </fieldset>
  );
}
