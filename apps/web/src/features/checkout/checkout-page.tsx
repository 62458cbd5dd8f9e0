import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CART_MESSAGES,
  CHECKOUT_MESSAGES as M,
  ROUTE_REFRESH_THRESHOLD_MS,
  SHIPPING_MESSAGES,
  SHOP_UI_MESSAGES as UI,
  countryName,
  formatUsd,
  shippingLineLabel,
  storePagePath,
} from '@shopper/contract/plain';
import type { Cart, CartSummaryAnswer, PaymentConfigAnswer } from '@shopper/contract';
import { Alert } from '../../components/alert.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { Button, ButtonLink } from '../../components/button.tsx';
import { Container } from '../../components/container.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useSettledValue } from '../../hooks/use-settled-value.ts';
import { cartQueryOptions, cartSummaryQueryOptions } from '../../lib/cart-queries.ts';
import { useCurrentUser, useRefreshUserWhenOlderThan } from '../../lib/current-user.ts';
import { type AddressField, fromSavedAddress, toSavedAddressBody } from '../../lib/address-form.ts';
import { messageOf } from '../../lib/form-errors.ts';
import { saveAddress, savedAddressesQueryOptions, savedAddressKeys } from '../../lib/saved-addresses.ts';
import { savedCardsQueryOptions } from '../../lib/saved-cards.ts';
import { usePaymentConfig } from './api/get-payment-config.ts';
import {
  SHIPPING_FIELDS,
  checkoutDefaults,
  guestStripeFormSchema,
  guestTestCardFormSchema,
  stripeFormSchema,
  testCardFormSchema,
  toShippingInfo,
  toTestCard,
  type CheckoutFormValues,
} from './checkout-form.ts';
import { AuthenticationDialog } from './components/authentication-dialog.tsx';
import { CheckoutSummary } from './components/checkout-summary.tsx';
import { GuestContactFields } from './components/guest-contact-fields.tsx';
import { NEW_ADDRESS, SavedAddressPicker } from './components/saved-address-picker.tsx';
import { ShippingFields } from './components/shipping-fields.tsx';
import { ShippingMethods } from './components/shipping-methods.tsx';
import { TestCardFields } from './components/test-card-fields.tsx';
import { TestCardsList } from './components/test-cards-list.tsx';
import { useAuthenticationChallenge } from './hooks/use-authentication-challenge.ts';
import { useCheckoutPayment } from './hooks/use-checkout-payment.ts';
import { NEW_CARD, PaymentChoice, savedCardOf, savedChoice, WALLET } from './components/payment-choice.tsx';
import type { StripePayment } from './components/stripe-payment-section.tsx';
import type { ConfirmCard } from './payment-outcome.ts';
import { testProviderConfirm, testProviderSavedCard, testProviderWallet } from './test-provider-confirm.ts';
import styles from './checkout.module.css';

// Stripe's code loads only when the server says the provider is Stripe.
const StripePaymentSection = lazy(() =>
  import('./components/stripe-payment-section.tsx').then((m) => ({ default: m.StripePaymentSection })),
);

const testCardResolver = zodResolver(testCardFormSchema);
const shippingOnlyResolver = zodResolver(stripeFormSchema);
const guestTestCardResolver = zodResolver(guestTestCardFormSchema);
const guestShippingOnlyResolver = zodResolver(guestStripeFormSchema);

const breadcrumb = [{ label: 'Home', to: '/' }, { label: 'Cart', to: '/cart' }, { label: 'Checkout' }];

/**
 * /checkout (docs/product.md#checkout), behind the login and verified-email guards, or, with guest
 * checkout on, open to a visitor without a session (docs/product.md#guest-checkout).
 */
export function CheckoutPage() {
  usePageTitle(UI.checkoutTitle);
  useRefreshUserWhenOlderThan(ROUTE_REFRESH_THRESHOLD_MS);
  const config = usePaymentConfig();
  const cart = useQuery(cartQueryOptions());
  const hasItems = (cart.data?.items.length ?? 0) > 0;
  const summary = useQuery({ ...cartSummaryQueryOptions(), enabled: hasItems });

  let content;
  if (config.isPending || cart.isPending || (hasItems && summary.isPending)) {
    content = <Spinner label="Loading checkout…" />;
  } else if (cart.isError) {
    content = (
      <EmptyState
        role="alert"
        title={CART_MESSAGES.errorLoadingCart}
        message={messageOf(cart.error, CART_MESSAGES.fetchCartFailed)}
        actions={<Button onClick={() => void cart.refetch()}>{UI.tryAgain}</Button>}
      />
    );
  } else if (!hasItems) {
    content = (
      <EmptyState
        title={UI.cartEmpty}
        message={M.cartMissing}
        actions={<ButtonLink to="/shop">{UI.continueShopping}</ButtonLink>}
      />
    );
  } else if (config.isError || summary.isError || !summary.data) {
    content = (
      <Alert tone="error" title={M.paymentSystemError}>
        <p>{config.isError ? UI.loadPaymentFailed : M.loadCartSummaryFailed}</p>
        <Button
          variant="secondary"
          size="small"
          onClick={() => void (config.isError ? config.refetch() : summary.refetch())}
        >
          {UI.tryAgain}
        </Button>
      </Alert>
    );
  } else {
    content = <CheckoutForm config={config.data} cart={cart.data} summary={summary.data} />;
  }

  return (
    <Container isSection>
      <div className={styles.page}>
        <Breadcrumb items={breadcrumb} />
        <h1 className={styles.title}>{UI.checkoutTitle}</h1>
        {content}
      </div>
    </Container>
  );
}

interface CheckoutFormProps {
  config: PaymentConfigAnswer;
  cart: Cart;
  summary: CartSummaryAnswer;
}

function CheckoutForm({ config, cart, summary: firstSummary }: CheckoutFormProps) {
  const { user } = useCurrentUser();
  // The guard let a visitor without a session in: a guest, with no saved cards or addresses to offer.
  const isGuest = user === null;
  const queryClient = useQueryClient();
  const isStripe = config.provider === 'stripe' && Boolean(config.publishableKey);
  const cards = useQuery({ ...savedCardsQueryOptions(), enabled: !isGuest }).data ?? [];
  const [choice, setChoice] = useState<string | null>(null);
  // The newest saved card is offered first; without one, a new card.
  const lastCard = cards.at(-1);
  const chosenPayment = choice ?? (lastCard ? savedChoice(lastCard.paymentMethodId) : NEW_CARD);
  const keptCard = savedCardOf(chosenPayment);
  const [isSavingCard, setIsSavingCard] = useState(false);
  // The card fields count only when a new card is typed into the test-mode form.
  const needsCardFields = !isStripe && chosenPayment === NEW_CARD;
  const resolver: Resolver<CheckoutFormValues> = (...args) => {
    if (isGuest) return (needsCardFields ? guestTestCardResolver : guestShippingOnlyResolver)(...args);
    return (needsCardFields ? testCardResolver : shippingOnlyResolver)(...args);
  };
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors },
  } = useForm<CheckoutFormValues>({
    resolver,
    defaultValues: checkoutDefaults(user),
  });
  const cardholderName = useWatch({ control, name: 'name' });
  const country = useWatch({ control, name: 'country' });
  const state = useSettledValue(useWatch({ control, name: 'state' }).trim(), 300);
  const [method, setMethod] = useState(firstSummary.shippingMethod);
  // Re-priced by the server for the address and method; the last answer stays up while the next loads.
  const priced = useQuery({
    ...cartSummaryQueryOptions({ country, state, shippingMethod: method }),
    placeholderData: keepPreviousData,
  });
  const summary = priced.data ?? firstSummary;
  const chosenMethod = summary.shippingMethods.some((m) => m.id === method) ? method : summary.shippingMethod;
  const chosenOption = summary.shippingMethods.find((m) => m.id === chosenMethod);
  const canShip = summary.shippingMethods.length > 0;

  const addresses = useQuery({ ...savedAddressesQueryOptions(), enabled: !isGuest });
  const [picked, setPicked] = useState<string | null>(null);
  const [isSavingToBook, setIsSavingToBook] = useState(false);
  const book = addresses.data ?? [];
  const pickedId = picked ?? book.find((a) => a.isDefault)?._id ?? NEW_ADDRESS;
  function pick(id: string) {
    setPicked(id);
    const address = book.find((a) => a._id === id);
    if (!address) return;
    for (const [field, value] of Object.entries(fromSavedAddress(address))) {
      setValue(field as AddressField, value, { shouldValidate: false });
    }
  }
  // The country list offers only where the shop ships: a profile country it does not reach gives way.
  const firstShipped = summary.shipsTo[0];
  useEffect(() => {
    if (firstShipped && !summary.shipsTo.includes(country)) setValue('country', firstShipped);
  }, [country, firstShipped, setValue, summary.shipsTo]);
  const { pay, isPaying, error } = useCheckoutPayment();
  const challenge = useAuthenticationChallenge();
  const [stripe, setStripe] = useState<StripePayment | null>(null);
  const handleStripeReady = useCallback((payment: StripePayment | null) => setStripe(payment), []);
  const goTo = useCallback((url: string) => window.location.assign(url), []);

  const hasShippingError = SHIPPING_FIELDS.some((field) => errors[field]);

  const [totalNotice, setTotalNotice] = useState<string | null>(null);

  /**
   * The total on the button is the total paid. Pay stays pressable while the address is priced
   * again (a button that greys out under the pointer swallows the click), so the click itself asks
   * for the price of the address as submitted, and stops when it differs from what the button said.
   */
  async function totalStillHolds(values: CheckoutFormValues): Promise<boolean> {
    const shown = summary.amount;
    try {
      const quote = await queryClient.fetchQuery(
        cartSummaryQueryOptions({ country: values.country, state: values.state.trim(), shippingMethod: method }),
      );
      if (quote.amount === shown) return true;
      setTotalNotice(M.totalChanged(formatUsd(quote.amount)));
      return false;
    } catch {
      // Unpriced here, priced by the server all the same: the payment's own answer tells what failed.
      return true;
    }
  }

  const submit = handleSubmit(async (values) => {
    setTotalNotice(null);
    if (!(await totalStillHolds(values))) return;
    let confirmCard: ConfirmCard | undefined;
    if (isStripe) {
      confirmCard = keptCard ? stripe?.confirmSaved(keptCard) : stripe?.confirmNew;
    } else if (keptCard) {
      confirmCard = testProviderSavedCard(keptCard);
    } else {
      confirmCard =
        chosenPayment === WALLET
          ? testProviderWallet(goTo)
          : testProviderConfirm(toTestCard(values), challenge.request);
    }
    if (!confirmCard) return;
    const isNewCard = chosenPayment === NEW_CARD;
    const shippingInfo = toShippingInfo(values, chosenMethod);
    if (!isGuest && pickedId === NEW_ADDRESS && isSavingToBook) {
      // Saving is a convenience: a refusal (a full book) must not stop the payment.
      await saveAddress(toSavedAddressBody(values))
        .then(() => queryClient.invalidateQueries({ queryKey: savedAddressKeys.all }))
        .catch(() => undefined);
    }
    await pay({
      shippingInfo,
      hasItems: cart.items.length > 0,
      confirmCard,
      saveCard: !isGuest && isNewCard && isSavingCard,
      email: isGuest ? values.email : undefined,
      ...(isStripe && isNewCard && stripe ? { prepare: stripe.prepare } : {}),
    });
  });

  return (
    <form className={styles.layout} onSubmit={(event) => void submit(event)} noValidate aria-busy={isPaying}>
      <div className={styles.main}>
        {isGuest ? <GuestContactFields register={register} errors={errors} isDisabled={isPaying} /> : null}
        {hasShippingError ? (
          <Alert tone="error">
            <p>{M.shippingFieldsRequired}</p>
          </Alert>
        ) : null}
        <SavedAddressPicker addresses={book} value={pickedId} onPick={pick} isDisabled={isPaying} />
        <ShippingFields register={register} errors={errors} isDisabled={isPaying} countries={summary.shipsTo} />
        {!isGuest && pickedId === NEW_ADDRESS ? (
          <label className={styles.saveAddress}>
            <input
              type="checkbox"
              checked={isSavingToBook}
              disabled={isPaying}
              onChange={(event) => setIsSavingToBook(event.currentTarget.checked)}
            />
            Keep these details for my next order
          </label>
        ) : null}
        <ShippingMethods
          options={summary.shippingMethods}
          chosen={chosenMethod}
          onChoose={setMethod}
          isDisabled={isPaying}
          noShippingMessage={SHIPPING_MESSAGES.noShippingTo(countryName(country) ?? country)}
        />

        <section className={styles.section} aria-labelledby="payment-title">
          <h2 id="payment-title" className={styles.sectionTitle}>
            {UI.paymentTitle}
          </h2>
          {error?.kind === 'system' ? (
            <Alert tone="error" title={M.paymentSystemError}>
              <p>{error.message}</p>
              <p>{UI.paymentSystemErrorDetail}</p>
            </Alert>
          ) : null}
          <PaymentChoice
            cards={cards}
            value={chosenPayment}
            onChoose={setChoice}
            isDisabled={isPaying}
            hasTestWallet={!isStripe}
            newLabel={isStripe ? 'A new card or wallet' : 'A new card'}
          />
          {isStripe && config.publishableKey ? (
            <Suspense fallback={<Spinner label="Loading the payment form…" />}>
              <StripePaymentSection
                publishableKey={config.publishableKey}
                amountCents={Math.round(summary.amount * 100)}
                saveCard={isSavingCard}
                isShown={chosenPayment === NEW_CARD}
                cardholderName={cardholderName}
                onReady={handleStripeReady}
              />
            </Suspense>
          ) : chosenPayment === NEW_CARD ? (
            <TestCardFields register={register} errors={errors} isDisabled={isPaying} />
          ) : null}
          {!isGuest && chosenPayment === NEW_CARD ? (
            <label className={styles.saveAddress}>
              <input
                type="checkbox"
                checked={isSavingCard}
                disabled={isPaying}
                onChange={(event) => setIsSavingCard(event.currentTarget.checked)}
              />
              Save this card for next time
            </label>
          ) : null}
          {error?.kind === 'inline' ? (
            <p className={styles.paymentError} role="alert">
              {error.message}
            </p>
          ) : null}
          {totalNotice ? (
            <p className={styles.paymentError} role="alert">
              {totalNotice}
            </p>
          ) : null}
          <Button
            type="submit"
            variant="accent"
            isBlock
            disabled={isPaying || !canShip || (isStripe && !stripe)}
            className={styles.payButton}
          >
            {isPaying ? UI.processingPayment : `Pay ${formatUsd(summary.amount)}`}
          </Button>
          <p className={styles.muted}>
            {/* New tabs: the card details stay where they were typed. */}
            Before you pay, read how we{' '}
            <a href={storePagePath('shipping')} target="_blank" rel="noopener">
              ship
            </a>{' '}
            and{' '}
            <a href={storePagePath('returns')} target="_blank" rel="noopener">
              take returns
            </a>
            .
          </p>
          {!isStripe && chosenPayment === NEW_CARD ? <TestCardsList /> : null}
        </section>
      </div>
      <CheckoutSummary cart={cart} summary={summary} shippingLabel={shippingLineLabel(chosenOption?.name ?? '')} />
      <AuthenticationDialog isOpen={challenge.isOpen} onChoose={challenge.choose} />
    </form>
  );
}
