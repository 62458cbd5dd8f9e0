import { useId, useState, type FormEvent } from 'react';
import { CART_MESSAGES, SHOP_UI_MESSAGES as UI, formatUsd } from '@shopper/contract/plain';
import type { Cart } from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import { messageOf } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import { useApplyCoupon, useRemoveCoupon } from '../api/change-cart.ts';
import styles from '../cart.module.css';

/** The promo code field: applies a code, shows the server's reason when it does not apply, removes it. */
export function PromoCodeForm({ cart, isDisabled }: { cart: Cart; isDisabled: boolean }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const applyCoupon = useApplyCoupon();
  const removeCoupon = useRemoveCoupon();
  const inputId = useId();
  const errorId = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setError(CART_MESSAGES.couponRequired);
      return;
    }
    setError(null);
    applyCoupon.mutate(trimmed, {
      onSuccess: (answer) => {
        setCode('');
        showToast(
          answer.message ?? CART_MESSAGES.couponApplied(answer.cart.coupon?.code ?? trimmed.toUpperCase()),
          'success',
        );
      },
      onError: (failure) => setError(messageOf(failure, UI.couponApplyFailed)),
    });
  }

  if (cart.coupon) {
    return (
      <div className={styles.couponApplied}>
        <p>
          <span className={styles.couponCode}>{cart.coupon.code}</span> {cart.coupon.description}
          {cart.discount > 0 ? <span className={styles.couponSaving}> (−{formatUsd(cart.discount)})</span> : null}
        </p>
        <Button
          variant="ghost"
          size="small"
          onClick={() => removeCoupon.mutate()}
          disabled={isDisabled || removeCoupon.isPending}
          aria-label={`Remove promo code ${cart.coupon.code}`}
        >
          Remove
        </Button>
      </div>
    );
  }

  return (
    <form className={styles.promo} onSubmit={handleSubmit} noValidate>
      <label htmlFor={inputId} className={styles.promoLabel}>
        Promo code
      </label>
      <div className={styles.promoRow}>
        <input
          id={inputId}
          className={styles.promoInput}
          value={code}
          maxLength={40}
          autoComplete="off"
          placeholder="Enter code"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            if (error) setError(null);
          }}
        />
        <Button type="submit" variant="secondary" size="small" disabled={isDisabled || applyCoupon.isPending}>
          {applyCoupon.isPending ? 'Applying...' : 'Apply'}
        </Button>
      </div>
      {error ? (
        <p id={errorId} className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
