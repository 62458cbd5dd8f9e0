import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import {
  CHECKOUT_MESSAGES as M,
  GUEST_CHECKOUT_MESSAGES as G,
  OrderLookupBodySchema,
  type OrderLookupBody,
} from '@shopper/contract';
import { Alert } from '../../components/alert.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { Button } from '../../components/button.tsx';
import { Container } from '../../components/container.tsx';
import { TextField } from '../../components/form-field.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { isApiError } from '../../lib/api-client.ts';
import { applyServerFieldErrors, messageOf } from '../../lib/form-errors.ts';
import { useLookupOrder } from './api/lookup-order.ts';
import { orderPagePath } from './api/get-order.ts';
import styles from './orders.module.css';

const breadcrumb = [{ label: 'Home', to: '/' }, { label: G.lookupTitle }];
const FIELDS = ['email', 'orderNumber'] as const;

/**
 * /order-lookup (docs/product.md#guest-checkout): a guest trades the email given at checkout and the
 * order number for the order's keyed page. A refusal keeps what was typed, to correct and retry.
 */
export function OrderLookupPage() {
  usePageTitle(G.lookupTitle);
  const navigate = useNavigate();
  const lookup = useLookupOrder();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OrderLookupBody>({
    resolver: zodResolver(OrderLookupBodySchema),
    defaultValues: { email: '', orderNumber: '' },
  });

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const { order, accessKey } = await lookup.mutateAsync(body);
      // The email found the order: its page may name it in the "create an account" prompt.
      await navigate(orderPagePath(order._id, accessKey), { state: { guestEmail: body.email } });
    } catch (error) {
      if (isApiError(error) && error.status === 400 && applyServerFieldErrors(error, FIELDS, setError) > 0) return;
      setFailure(messageOf(error, M.fetchOrderFailed));
    }
  });

  return (
    <Container isSection>
      <div className={styles.lookup}>
        <Breadcrumb items={breadcrumb} />
        <section className={styles.lookupCard} aria-labelledby="lookup-title">
          <h1 id="lookup-title" className={styles.lookupTitle}>
            {G.lookupTitle}
          </h1>
          <p className={styles.muted}>{G.lookupIntro}</p>
          <form className={styles.lookupForm} onSubmit={(event) => void submit(event)} noValidate>
            {failure ? <Alert tone="error">{failure}</Alert> : null}
            <TextField
              label={G.emailLabel}
              type="email"
              autoComplete="email"
              spellCheck={false}
              error={errors.email?.message}
              {...register('email')}
            />
            <TextField
              label={G.orderNumberLabel}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="SH-1234"
              error={errors.orderNumber?.message}
              {...register('orderNumber')}
            />
            <Button type="submit" isBlock disabled={isSubmitting}>
              {G.lookupSubmit}
            </Button>
          </form>
        </section>
      </div>
    </Container>
  );
}
