import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CHECKOUT_MESSAGES as M, SHOP_UI_MESSAGES as UI } from '@shopper/contract/plain';
import { ButtonLink } from '../../components/button.tsx';
import { Container } from '../../components/container.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { isApiError } from '../../lib/api-client.ts';
import { invalidateCart } from '../../lib/cart-queries.ts';
import { confirmOrder } from './api/pay.ts';
import styles from './checkout.module.css';

/**
 * /checkout/return: where a wallet or bank page sends the shopper back, with the payment named in
 * the address (`payment_intent`). The shop asks the provider what happened and writes the order
 * (or finds the one the webhook already wrote): exactly one order either way.
 */
export function CheckoutReturnPage() {
  usePageTitle(UI.checkoutTitle);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const intentId = params.get('payment_intent') ?? '';
  const [failure, setFailure] = useState<string | null>(intentId ? null : M.paymentReturnFailed);
  const asked = useRef(false);

  useEffect(() => {
    if (!intentId || asked.current) return;
    asked.current = true;
    confirmOrder(intentId)
      .then(async (order) => {
        await navigate(`/order-confirmation/${encodeURIComponent(order._id)}`, { replace: true });
        void invalidateCart(queryClient);
      })
      .catch(async (error: unknown) => {
        // A refusal carries its reason; anything else leaves the order to the confirmation page,
        // which finds it by its payment once the webhook wrote it.
        if (isApiError(error) && error.status >= 400 && error.status < 500) {
          setFailure(error.message || M.paymentReturnFailed);
          return;
        }
        await navigate(`/order-confirmation/${encodeURIComponent(intentId)}`, { replace: true });
      });
  }, [intentId, navigate, queryClient]);

  return (
    <Container isSection>
      <div className={styles.page}>
        <h1 className={styles.title}>{UI.checkoutTitle}</h1>
        {failure ? (
          <EmptyState
            role="alert"
            title={M.paymentNotCompleted}
            message={failure}
            actions={<ButtonLink to="/checkout">Back to checkout</ButtonLink>}
          />
        ) : (
          <Spinner label={M.paymentReturnChecking} />
        )}
      </div>
    </Container>
  );
}
