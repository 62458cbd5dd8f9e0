import { type FormEvent, useId, useState } from 'react';
import { BACK_IN_STOCK_MESSAGES as B } from '@shopper/contract/plain';
import type { Product, ProductColour } from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import { SelectField, TextField } from '../../../components/form-field.tsx';
import { useIsHydrated } from '../../../hooks/use-is-hydrated.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { messageOf } from '../../../lib/form-errors.ts';
import { isSignedIn } from '../../../lib/session.ts';
import { useNotifyMe } from '../api/notify-me.ts';
import styles from './notify-me.module.css';

/**
 * "Notify me when it's back" for the sold-out sizes of the colour shown
 * (docs/after-purchase.md#notify-me-when-its-back): a guest leaves an address and confirms it by
 * mail; a signed-in shopper taps once. Whether someone is signed in is known only in the browser,
 * so the server renders the guest's form and the page changes it after hydration.
 */
export function NotifyMe({
  product,
  colour,
  soldOutSizes,
}: {
  product: Product;
  colour: ProductColour;
  soldOutSizes: string[];
}) {
  const isHydrated = useIsHydrated();
  const isMember = isHydrated && isSignedIn();
  const [chosen, setChosen] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const notify = useNotifyMe();
  const headingId = useId();
  const size = chosen !== null && soldOutSizes.includes(chosen) ? chosen : soldOutSizes[0];
  if (!size) return null;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!size) return;
    setErrors({});
    setDone(null);
    notify.mutate(
      { productId: product.id, colourId: colour.id, size, ...(isMember ? {} : { email }) },
      {
        onSuccess: (answer) => setDone(answer.message),
        onError: (error) => {
          const fields = isApiError(error) ? (error.errors ?? []) : [];
          if (fields.length > 0) return setErrors(Object.fromEntries(fields.map((f) => [f.param, f.msg])));
          setErrors({ form: messageOf(error, B.failed) });
        },
      },
    );
  }

  return (
    <section className={styles.box} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {B.notifyMe}
      </h2>
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        {soldOutSizes.length > 1 ? (
          <SelectField label={B.soldOutSizeLabel} value={size} onChange={(e) => setChosen(e.currentTarget.value)}>
            {soldOutSizes.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </SelectField>
        ) : (
          <p className={styles.size}>Size {size} is sold out.</p>
        )}
        {errors.size ? (
          <p className={styles.error} role="alert">
            {errors.size}
          </p>
        ) : null}
        {isMember ? null : (
          <TextField
            label={B.emailLabel}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
          />
        )}
        <Button type="submit" variant="secondary" disabled={notify.isPending}>
          {notify.isPending ? B.sending : B.notifyMe}
        </Button>
      </form>
      {(errors.form ?? errors.productId ?? errors.colourId) ? (
        <p className={styles.error} role="alert">
          {errors.form ?? errors.productId ?? errors.colourId}
        </p>
      ) : null}
      {done ? (
        <p className={styles.done} role="status">
          {done}
        </p>
      ) : null}
    </section>
  );
}
