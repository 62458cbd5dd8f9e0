import { useState } from 'react';
import { Link } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import {
  ADMIN_CATALOG_MESSAGES as M,
  BACK_OFFICE_UI_MESSAGES as T,
  ColourCreateBodySchema,
  ColourUpdateBodySchema,
  MAX_PRODUCT_COLOURS,
  type AdminProduct,
  type AdminProductColour,
  type ColourUpdateBody,
} from '@shopper/contract';
import { ActionDialog } from '../../../components/action-dialog.tsx';
import { Badge } from '../../../components/badge.tsx';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { Panel } from '../../../components/panel.tsx';
import { Swatch } from '../../../components/swatch.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { contractResolver } from '../../../lib/contract-resolver.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useAddColour, useRemoveColour, useReorderColours, useUpdateColour } from '../api/save-colour.ts';
import { SwatchField } from './swatch-field.tsx';
import styles from './product-colours.module.css';

interface ColourValues {
  name: string;
  swatch: string;
}

/** A new colour's swatch until one is picked: the neutral grey products without art get. */
const NEW_SWATCH = '#9ca3af';

/** Only what changed is sent, so the audit row says what was done. */
function changesOf(colour: AdminProductColour, values: ColourValues): ColourUpdateBody {
  const body: ColourUpdateBody = {};
  if (values.name.trim() !== colour.name) body.name = values.name;
  if (values.swatch.trim().toLowerCase() !== colour.swatch) body.swatch = values.swatch;
  return body;
}

function EditColourForm({
  productId,
  colour,
  onDone,
}: {
  productId: string;
  colour: AdminProductColour;
  onDone: () => void;
}) {
  const update = useUpdateColour(productId);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ColourValues>({
    defaultValues: { name: colour.name, swatch: colour.swatch },
    // Validated as a full rename, so an untouched field still passes.
    resolver: contractResolver<ColourValues>(ColourUpdateBodySchema, (values) => values),
  });
  const onSubmit = handleSubmit(async (values) => {
    const body = changesOf(colour, values);
    if (Object.keys(body).length === 0) {
      onDone();
      return;
    }
    try {
      const product = await update.mutateAsync({ colourId: colour.id, body });
      const saved = product.colours.find((row) => row.id === colour.id);
      notifySuccess(`${saved?.name ?? values.name.trim()} saved`);
      onDone();
    } catch (error) {
      const message = applyServerErrors(error, setError, ['name', 'swatch'], T.saveFailed);
      if (message) setError('root', { message });
    }
  });
  return (
    <form
      className={styles.colourForm}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={`Edit ${colour.name}`}
    >
      <Field label="Colour name" error={errors.name?.message}>
        <input {...register('name')} />
      </Field>
      <Controller
        control={control}
        name="swatch"
        render={({ field }) => (
          <SwatchField
            label="Swatch"
            pickerLabel={`Pick the swatch of ${colour.name}`}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.swatch?.message}
          />
        )}
      />
      <FormError message={errors.root?.message} />
      <div className={styles.formActions}>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="primary" isBusy={isSubmitting}>
          Save colour
        </Button>
      </div>
    </form>
  );
}

function AddColourForm({ product }: { product: AdminProduct }) {
  const add = useAddColour(product.id);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ColourValues>({
    defaultValues: { name: '', swatch: NEW_SWATCH },
    resolver: contractResolver<ColourValues>(ColourCreateBodySchema, (values) => values),
  });
  const isFull = product.colours.length >= MAX_PRODUCT_COLOURS;
  const onSubmit = handleSubmit(async (values) => {
    try {
      await add.mutateAsync({ name: values.name, swatch: values.swatch });
      notifySuccess(`${values.name.trim()} added`);
      reset({ name: '', swatch: NEW_SWATCH });
    } catch (error) {
      const message = applyServerErrors(error, setError, ['name', 'swatch'], T.saveFailed);
      if (message) setError('root', { message });
    }
  });
  if (isFull) return <p className={styles.note}>{M.colourLimit(MAX_PRODUCT_COLOURS)}.</p>;
  return (
    <form className={styles.colourForm} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Add a colour">
      <Field label="Colour name" error={errors.name?.message} hint="As shoppers see it, e.g. Sage.">
        <input {...register('name')} />
      </Field>
      <Controller
        control={control}
        name="swatch"
        render={({ field }) => (
          <SwatchField
            label="Swatch"
            pickerLabel="Pick the new colour’s swatch"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.swatch?.message}
          />
        )}
      />
      <FormError message={errors.root?.message} />
      <div className={styles.formActions}>
        <Button type="submit" isBusy={isSubmitting}>
          Add colour
        </Button>
      </div>
    </form>
  );
}

/**
 * A product's colours in swatch order (decision 043): the first visible one is the default, whose
 * photos the shop shows first. Add, rename, change the swatch, reorder, hide or show, remove.
 * Removing is refused while open orders hold the colour or when it is the last visible one; the
 * server's message says so.
 */
export function ProductColours({ product }: { product: AdminProduct }) {
  const update = useUpdateColour(product.id);
  const reorder = useReorderColours(product.id);
  const remove = useRemoveColour(product.id);
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const colours = product.colours;
  const defaultId = colours.find((colour) => !colour.isHidden)?.id;
  const isBusy = update.isPending || reorder.isPending || remove.isPending;

  async function move(index: number, by: -1 | 1) {
    const ids = colours.map((colour) => colour.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    setError(null);
    try {
      await reorder.mutateAsync({ colourIds: ids });
    } catch (failure) {
      setError(messageOf(failure, T.saveFailed));
    }
  }

  async function toggleHidden(colour: AdminProductColour) {
    setError(null);
    try {
      await update.mutateAsync({ colourId: colour.id, body: { isHidden: !colour.isHidden } });
      notifySuccess(
        colour.isHidden ? `${colour.name} is shown in the shop again` : `${colour.name} is hidden from the shop`,
      );
    } catch (failure) {
      setError(messageOf(failure, T.saveFailed));
    }
  }

  return (
    <Panel
      title={`Colours (${colours.length} of ${MAX_PRODUCT_COLOURS})`}
      actions={<Link to={`/stock?product=${product.id}`}>Stock by colour</Link>}
    >
      <p className={styles.note}>
        In the order shoppers see the swatches; the first visible colour is the default. A hidden colour leaves the shop
        and keeps its stock.
      </p>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <ol className={styles.colours} aria-label="Colours" aria-busy={isBusy}>
        {colours.map((colour, index) => (
          <li key={colour.id} className={styles.colour}>
            {editing === colour.id ? (
              <EditColourForm productId={product.id} colour={colour} onDone={() => setEditing(null)} />
            ) : (
              <>
                <div className={styles.summary}>
                  <Swatch swatch={colour.swatch} />
                  <span className={styles.name}>{colour.name}</span>
                  <span className={styles.code}>{colour.swatch}</span>
                  {colour.id === defaultId ? <Badge tone="success">Default</Badge> : null}
                  {colour.isHidden ? <Badge tone="warning">Hidden</Badge> : null}
                  <span className={styles.stock}>{colour.totalStock} in stock</span>
                </div>
                <div className={styles.tools}>
                  <Button
                    variant="ghost"
                    disabled={isBusy}
                    onClick={() => setEditing(colour.id)}
                    aria-label={`Edit ${colour.name}`}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    disabled={index === 0 || isBusy}
                    onClick={() => void move(index, -1)}
                    aria-label={`Move ${colour.name} up`}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="ghost"
                    disabled={index === colours.length - 1 || isBusy}
                    onClick={() => void move(index, 1)}
                    aria-label={`Move ${colour.name} down`}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="ghost"
                    disabled={isBusy}
                    onClick={() => void toggleHidden(colour)}
                    aria-label={`${colour.isHidden ? 'Show' : 'Hide'} ${colour.name}`}
                  >
                    {colour.isHidden ? 'Show' : 'Hide'}
                  </Button>
                  <ActionDialog
                    trigger={
                      <Button variant="ghost" disabled={isBusy} aria-label={`Remove ${colour.name}`}>
                        Remove
                      </Button>
                    }
                    title={`Remove ${colour.name}?`}
                    description="Its stock, its photos and the cart lines holding it go with it; past orders keep its name. To keep it for later, hide it instead."
                    confirmLabel="Remove colour"
                    variant="danger"
                    onConfirm={async () => {
                      try {
                        await remove.mutateAsync(colour.id);
                        notifySuccess(`${colour.name} removed`);
                      } catch (failure) {
                        throw new Error(messageOf(failure, T.actionFailed));
                      }
                    }}
                  />
                </div>
              </>
            )}
          </li>
        ))}
      </ol>
      <AddColourForm product={product} />
    </Panel>
  );
}
