import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import {
  BACK_OFFICE_UI_MESSAGES as T,
  CATEGORIES,
  DEFAULT_COLOUR_NAME,
  MAX_PRODUCT_COLOURS,
  type ProductCreateBody,
} from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { Panel } from '../../../components/panel.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { checkSlug } from '../api/save-product.ts';
import { CATEGORY_LABELS } from '../product-labels.ts';
import { newSizeRow, PRODUCT_FIELDS, productResolver, toBody, type ProductFormValues } from '../product-form-values.ts';
import { SwatchField } from './swatch-field.tsx';
import styles from './product-form.module.css';

/**
 * Every field of docs/product.md#entities. A failed save keeps what was typed and shows the server's
 * messages on their fields; a new product also takes its opening stock per size, or its colours each
 * with their stock per size (decision 043).
 */
export function ProductForm({
  initial,
  productId,
  onSave,
  submitLabel,
}: {
  initial: ProductFormValues;
  productId?: string;
  onSave: (body: ProductCreateBody) => Promise<unknown>;
  submitLabel: string;
}) {
  const isNew = productId === undefined;
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProductFormValues>({ resolver: productResolver(isNew), defaultValues: initial });
  const sizes = useFieldArray({ control, name: 'sizes' });
  const colours = useFieldArray({ control, name: 'colours' });
  const sizesError = (errors.sizes as { message?: string } | undefined)?.message;
  const coloursError = (errors.colours as { message?: string } | undefined)?.message;
  const sizeRows = useWatch({ control, name: 'sizes' });
  const colourRows = useWatch({ control, name: 'colours' });
  const hasColours = isNew && colours.fields.length > 0;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await onSave(toBody(values, isNew));
    } catch (error) {
      const message = applyServerErrors(error, setError, [...PRODUCT_FIELDS, 'stock'], T.saveFailed);
      if (message) setError('root', { message });
    }
  });

  async function onSlugBlur(slug: string) {
    if (!slug.trim() || errors.slug) return;
    try {
      const answer = await checkSlug(slug.trim(), productId);
      if (answer.available) clearErrors('slug');
      else setError('slug', { type: 'server', message: answer.message ?? 'This slug is not available' });
    } catch {
      // The save checks again; a failed look-up is not the person's mistake.
    }
  }

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <FormError message={errors.root?.message} />
      <Panel title="Details">
        <div className={styles.grid}>
          <Field label="Name" error={errors.name?.message}>
            <input {...register('name')} />
          </Field>
          <Field
            label="Slug"
            error={errors.slug?.message}
            hint={isNew ? 'Leave empty to make one from the name.' : undefined}
          >
            <input
              {...register('slug', {
                onBlur: (event: { target: HTMLInputElement }) => void onSlugBlur(event.target.value),
              })}
            />
          </Field>
          <Field label="Category" error={errors.category?.message}>
            <select {...register('category')}>
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {CATEGORY_LABELS[category]}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Brand" error={errors.brand?.message}>
            <input {...register('brand')} />
          </Field>
          <Field label="Regular price ($)" error={errors.price?.message}>
            <input inputMode="decimal" {...register('price')} />
          </Field>
          <Field label="Sale price ($)" error={errors.salePrice?.message} hint="Empty: not on sale.">
            <input inputMode="decimal" {...register('salePrice')} />
          </Field>
          <Field label="Tags" error={errors.tags?.message} hint="Comma-separated.">
            <input {...register('tags')} />
          </Field>
          <Field label="Types" error={errors.types?.message} hint="Comma-separated.">
            <input {...register('types')} />
          </Field>
        </div>
        <div className={styles.stack}>
          <Field label="Short description" error={errors.shortDescription?.message}>
            <textarea rows={2} {...register('shortDescription')} />
          </Field>
          <Field label="Long description" error={errors.longDescription?.message}>
            <textarea rows={5} {...register('longDescription')} />
          </Field>
        </div>
      </Panel>
      <Panel title="Sizes">
        <p className={styles.note}>
          {hasColours
            ? 'In the order shoppers see them; give the stock of each colour below.'
            : isNew
              ? 'In the order shoppers see them, with the stock you have of each.'
              : 'In the order shoppers see them. Change stock on the Stock screen, with a reason.'}
        </p>
        <ol className={styles.sizes}>
          {sizes.fields.map((row, index) => (
            <li key={row.id} className={styles.sizeRow}>
              <label>
                <span className="visually-hidden">Size {index + 1}</span>
                <input placeholder="Size" {...register(`sizes.${index}.size`)} />
              </label>
              {hasColours ? null : isNew ? (
                <label>
                  <span className="visually-hidden">Stock of size {index + 1}</span>
                  <input inputMode="numeric" placeholder="Stock" {...register(`sizes.${index}.stock`)} />
                </label>
              ) : (
                <span className={styles.note}>{initial.sizes[index]?.stock ?? '0'} in stock</span>
              )}
              <Button
                variant="ghost"
                onClick={() => index > 0 && sizes.move(index, index - 1)}
                disabled={index === 0}
                aria-label={`Move size ${index + 1} up`}
              >
                ↑
              </Button>
              <Button variant="ghost" onClick={() => sizes.remove(index)} aria-label={`Remove size ${index + 1}`}>
                ✕
              </Button>
            </li>
          ))}
        </ol>
        {sizesError ? (
          <p role="alert" className={styles.fieldError}>
            {sizesError}
          </p>
        ) : null}
        <Button onClick={() => sizes.append(newSizeRow())}>Add size</Button>
      </Panel>
      {isNew ? (
        <Panel title="Colours">
          <p className={styles.note}>
            {`Optional. Without colours, the product comes in one colour, ${DEFAULT_COLOUR_NAME}, with the stock above. Photos are added per colour once the product is created.`}
          </p>
          <ol className={styles.colours}>
            {colours.fields.map((row, index) => {
              const colourName = colourRows[index]?.name.trim() || `colour ${index + 1}`;
              return (
                <li key={row.id}>
                  <fieldset className={styles.colour}>
                    <legend>Colour {index + 1}</legend>
                    <div className={styles.colourHead}>
                      <Field label="Colour name">
                        <input {...register(`colours.${index}.name`)} />
                      </Field>
                      <Controller
                        control={control}
                        name={`colours.${index}.swatch`}
                        render={({ field }) => (
                          <SwatchField
                            label="Swatch"
                            pickerLabel={`Pick the swatch of ${colourName}`}
                            value={field.value}
                            onChange={field.onChange}
                            onBlur={field.onBlur}
                          />
                        )}
                      />
                      <Button
                        variant="ghost"
                        onClick={() => colours.remove(index)}
                        aria-label={`Remove colour ${index + 1}`}
                      >
                        ✕
                      </Button>
                    </div>
                    <div className={styles.colourStock}>
                      {sizeRows.map((size, sizeIndex) => {
                        const sizeName = size.size.trim() || `size ${sizeIndex + 1}`;
                        return (
                          <label key={size.key}>
                            <span aria-hidden="true">{sizeName}</span>
                            <input
                              inputMode="numeric"
                              placeholder="0"
                              aria-label={`Stock of ${colourName} in ${size.size.trim() ? `size ${sizeName}` : sizeName}`}
                              {...register(`colours.${index}.stock.${size.key}`)}
                            />
                          </label>
                        );
                      })}
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          {coloursError ? (
            <p role="alert" className={styles.fieldError}>
              {coloursError}
            </p>
          ) : null}
          <Button
            disabled={colours.fields.length >= MAX_PRODUCT_COLOURS}
            onClick={() =>
              colours.append({
                name: '',
                swatch: '#9ca3af',
                stock: Object.fromEntries(sizeRows.map((size) => [size.key, '0'])),
              })
            }
          >
            Add colour
          </Button>
        </Panel>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" isBusy={isSubmitting} disabled={!isNew && !isDirty}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
