import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CART_MESSAGES, MESSAGES, ROUTE_REFRESH_THRESHOLD_MS, SHOP_UI_MESSAGES as UI } from '@shopper/contract/plain';
import { Alert } from '../../components/alert.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { Button, ButtonLink } from '../../components/button.tsx';
import { Container } from '../../components/container.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { cartQueryOptions, cartSummaryQueryOptions } from '../../lib/cart-queries.ts';
import { isEmailVerified, useCurrentUser, useRefreshUserWhenOlderThan } from '../../lib/current-user.ts';
import { useGuestCheckout } from '../../lib/guest-checkout.ts';
import { messageOf } from '../../lib/form-errors.ts';
import { cartLineKey, useChangeCart, useIsCartChanging } from './api/change-cart.ts';
import { CartLine } from './components/cart-line.tsx';
import { CartSummaryPanel } from './components/cart-summary-panel.tsx';
import { PromoCodeForm } from './components/promo-code-form.tsx';
import styles from './cart.module.css';

const breadcrumb = [{ label: 'Home', to: '/' }, { label: 'Cart' }];

/**
 * /cart (docs/product.md#cart): an open page; guests are asked to log in, signed-in users see their
 * server cart. When the shop lets guests check out (decision 072), a guest sees their own server
 * cart too; until the setting is known to be on, the login prompt shows, as it always did.
 */
export function CartPage() {
  usePageTitle('Cart');
  useRefreshUserWhenOlderThan(ROUTE_REFRESH_THRESHOLD_MS);
  const { user, isLoading } = useCurrentUser();
  const guestCheckout = useGuestCheckout();

  let content;
  if (isLoading) content = <Spinner label="Loading your cart…" />;
  else if (user) content = <SignedInCart isVerified={isEmailVerified(user)} />;
  // No email verification is asked of a guest, so no banner about it.
  else if (guestCheckout.isOn) content = <SignedInCart isVerified />;
  else content = <GuestCart />;

  return (
    <Container isSection>
      <div className={styles.page}>
        <Breadcrumb items={breadcrumb} />
        <h1 className={styles.title}>{UI.cartTitle}</h1>
        {content}
      </div>
    </Container>
  );
}

function GuestCart() {
  return (
    <EmptyState
      title={UI.cartGuestTitle}
      message={MESSAGES.loginToAddToCart}
      actions={
        <>
          <ButtonLink to="/login" state={{ from: { pathname: '/cart', search: '', hash: '' } }}>
            Login
          </ButtonLink>
          <ButtonLink to="/signup" variant="secondary">
            Signup
          </ButtonLink>
        </>
      }
    />
  );
}

function SignedInCart({ isVerified }: { isVerified: boolean }) {
  const cartQuery = useQuery(cartQueryOptions());
  const hasItems = (cartQuery.data?.items.length ?? 0) > 0;
  const summaryQuery = useQuery({ ...cartSummaryQueryOptions(), enabled: hasItems });
  const changeCart = useChangeCart();
  const isChanging = useIsCartChanging();

  if (cartQuery.isPending) return <Spinner label="Loading your cart…" />;
  if (cartQuery.isError) {
    return (
      <EmptyState
        role="alert"
        title={CART_MESSAGES.errorLoadingCart}
        message={messageOf(cartQuery.error, CART_MESSAGES.fetchCartFailed)}
        actions={
          <>
            <Button onClick={() => void cartQuery.refetch()}>{UI.tryAgain}</Button>
            <ButtonLink to="/" variant="secondary">
              {UI.continueShopping}
            </ButtonLink>
          </>
        }
      />
    );
  }

  const cart = cartQuery.data;
  if (cart.items.length === 0) {
    return (
      <EmptyState
        title={UI.cartEmpty}
        message={UI.cartEmptyDetail}
        actions={
          <>
            <ButtonLink to="/">{UI.continueShopping}</ButtonLink>
            <ButtonLink to="/shop" variant="secondary">
              {UI.viewOffers}
            </ButtonLink>
          </>
        }
      />
    );
  }

  return (
    <>
      {!isVerified ? (
        <Alert tone="warning">
          {UI.cartVerifyBanner} <Link to="/verify-pending">{UI.cartVerifyLink}</Link>
        </Alert>
      ) : null}
      <div className={styles.layout}>
        <section aria-labelledby="cart-lines-title">
          <h2 id="cart-lines-title" className="visually-hidden">
            Items in your cart
          </h2>
          <ul className={styles.lines}>
            {cart.items.map((item) => {
              const line = { productId: item.productId, colourId: item.colourId, size: item.size };
              return (
                <CartLine
                  key={cartLineKey(line)}
                  item={item}
                  isDisabled={isChanging}
                  onQuantityChange={(quantity) => changeCart.mutate({ kind: 'update', ...line, quantity })}
                  onRemove={() => changeCart.mutate({ kind: 'remove', ...line })}
                />
              );
            })}
          </ul>
        </section>
        <CartSummaryPanel
          cart={cart}
          summary={summaryQuery.data}
          isSummaryFailed={summaryQuery.isError}
          onRetrySummary={() => void summaryQuery.refetch()}
          promo={<PromoCodeForm cart={cart} isDisabled={isChanging} />}
          action={
            <ButtonLink to="/checkout" variant="accent" isBlock aria-disabled={isChanging || undefined}>
              {UI.proceedToCheckout}
            </ButtonLink>
          }
        />
      </div>
    </>
  );
}
