import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CART_MESSAGES, CHECKOUT_MESSAGES, SHOP_UI_MESSAGES as UI } from '@shopper/contract/plain';
import { shopPaymentConfigQueryKey } from '../../lib/guest-checkout.ts';
import { errorBody, jsonResponse, stubApi } from '../../test/account-fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import {
  buildCart,
  buildCartItem,
  buildColourCartItem,
  cartAnswer,
  cartSummaryAnswer,
  paymentConfigAnswer,
  recordedRequests,
  signedInRoutes,
} from '../../test/shop-fixtures.ts';
import { CartPage } from './cart-page.tsx';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../../lib/toast.ts', () => ({ showToast: toast }));

afterEach(() => {
  vi.unstubAllGlobals();
  toast.mockReset();
});

type Answer = Response | Promise<Response>;

function renderCart(routes: Record<string, (request: { body: unknown }) => Answer>) {
  const fetchFake = stubApi({ ...signedInRoutes(), ...routes });
  const view = renderRoutes([{ path: '/cart', element: <CartPage /> }], ['/cart']);
  return { ...view, fetchFake };
}

function callsTo(fetchFake: ReturnType<typeof stubApi>, method: string, path: string) {
  return recordedRequests(fetchFake)
    .filter((request) => request.url.pathname === path && request.method === method)
    .map((request) => request.body);
}

describe('CartPage', () => {
  it('asks a guest to log in instead of redirecting', async () => {
    stubApi({});
    renderRoutes([{ path: '/cart', element: <CartPage /> }], ['/cart']);
    expect(await screen.findByText('Please login to add items to cart')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Signup' }).getAttribute('href')).toBe('/signup');
  });

  it('shows a guest their own cart when the shop allows guest checkout, with no banner about verifying', async () => {
    const cart = buildCart([buildCartItem({ quantity: 2 })]);
    const fetchFake = stubApi({
      'GET /api/payment/config': () => jsonResponse(200, paymentConfigAnswer('test', { guestCheckout: true })),
      'GET /api/cart': () => jsonResponse(200, cartAnswer(cart)),
      'GET /api/payment/cart-summary': () => jsonResponse(200, cartSummaryAnswer(cart)),
      'POST /api/cart/update': () => jsonResponse(200, cartAnswer(buildCart([buildCartItem({ quantity: 3 })]))),
    });
    renderRoutes([{ path: '/cart', element: <CartPage /> }], ['/cart']);
    const input = await screen.findByRole<HTMLInputElement>('spinbutton', {
      name: 'Quantity of Linen Summer Shirt (M)',
    });
    expect(input.value).toBe('2');
    expect(await within(screen.getByRole('complementary')).findByText('$129.60')).toBeTruthy();
    expect(screen.getByLabelText('Promo code')).toBeTruthy();
    expect(screen.getByRole('link', { name: UI.proceedToCheckout }).getAttribute('href')).toBe('/checkout');
    expect(screen.queryByText(UI.cartVerifyBanner, { exact: false })).toBeNull();
    expect(screen.queryByText('Please login to add items to cart')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity of Linen Summer Shirt (M)' }));
    await waitFor(() => expect(callsTo(fetchFake, 'POST', '/api/cart/update')).toHaveLength(1));
    await waitFor(() => expect(input.disabled).toBe(false));
    expect(input.value).toBe('3');
  });

  it('keeps asking a guest to log in when guest checkout is off, and reads no cart', async () => {
    const fetchFake = stubApi({ 'GET /api/payment/config': () => jsonResponse(200, paymentConfigAnswer()) });
    const { queryClient } = renderRoutes([{ path: '/cart', element: <CartPage /> }], ['/cart']);
    expect(await screen.findByText('Please login to add items to cart')).toBeTruthy();
    await waitFor(() => expect(queryClient.getQueryState(shopPaymentConfigQueryKey)?.status).toBe('success'));
    expect(screen.getByText('Please login to add items to cart')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(callsTo(fetchFake, 'GET', '/api/cart')).toEqual([]);
  });

  it('shows the lines and the server-priced Order Summary', async () => {
    const cart = buildCart([buildCartItem({ quantity: 2 })]);
    renderCart({
      'GET /api/cart': () => jsonResponse(200, cartAnswer(cart)),
      'GET /api/payment/cart-summary': () => jsonResponse(200, cartSummaryAnswer(cart)),
    });
    expect(await screen.findByRole('heading', { level: 1, name: UI.cartTitle })).toBeTruthy();
    const summary = await screen.findByRole('complementary');
    expect(within(summary).getByText('Free')).toBeTruthy();
    expect(await within(summary).findByText('$9.60')).toBeTruthy();
    expect(within(summary).getByText('$129.60')).toBeTruthy();
    expect(screen.getByRole('link', { name: UI.proceedToCheckout }).getAttribute('href')).toBe('/checkout');
  });

  it('removes the whole line when minus is pressed at quantity 1', async () => {
    const cart = buildCart([buildCartItem({ quantity: 1 })]);
    const { fetchFake } = renderCart({
      'GET /api/cart': () => jsonResponse(200, cartAnswer(cart)),
      'GET /api/payment/cart-summary': () => jsonResponse(200, cartSummaryAnswer(cart)),
      'POST /api/cart/remove': () => jsonResponse(200, cartAnswer(buildCart([]))),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Linen Summer Shirt (M)' }));
    expect(await screen.findByText(UI.cartEmpty)).toBeTruthy();
    expect(callsTo(fetchFake, 'POST', '/api/cart/remove')).toEqual([
      { productId: 'p1', colourId: 'p1-standard', size: 'M', removeAll: true },
    ]);
    expect(callsTo(fetchFake, 'POST', '/api/cart/update')).toEqual([]);
  });

  it('saves a typed quantity on blur only when it changed', async () => {
    const cart = buildCart([buildCartItem({ quantity: 2 })]);
    const { fetchFake } = renderCart({
      'GET /api/cart': () => jsonResponse(200, cartAnswer(cart)),
      'GET /api/payment/cart-summary': () => jsonResponse(200, cartSummaryAnswer(cart)),
      'POST /api/cart/update': ({ body }) =>
        jsonResponse(
          200,
          cartAnswer(buildCart([buildCartItem({ quantity: (body as { quantity: number }).quantity })])),
        ),
    });
    const input = await screen.findByRole('spinbutton', { name: 'Quantity of Linen Summer Shirt (M)' });
    fireEvent.blur(input);
    fireEvent.change(input, { target: { value: '2' } });
    fireEvent.blur(input);
    expect(callsTo(fetchFake, 'POST', '/api/cart/update')).toEqual([]);

    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.blur(input);
    await waitFor(() =>
      expect(callsTo(fetchFake, 'POST', '/api/cart/update')).toEqual([
        { productId: 'p1', colourId: 'p1-standard', size: 'M', quantity: 5 },
      ]),
    );

    // Quantity at least 1: a typed 0 becomes 1.
    await waitFor(() => expect((input as HTMLInputElement).disabled).toBe(false));
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.blur(input);
    await waitFor(() => expect(callsTo(fetchFake, 'POST', '/api/cart/update')).toHaveLength(2));
    expect(callsTo(fetchFake, 'POST', '/api/cart/update')[1]).toEqual({
      productId: 'p1',
      colourId: 'p1-standard',
      size: 'M',
      quantity: 1,
    });
  });

  it('disables the controls while a change is pending, and applies it optimistically', async () => {
    const cart = buildCart([buildCartItem({ quantity: 2 })]);
    let answer: (response: Response) => void = () => undefined;
    renderCart({
      'GET /api/cart': () => jsonResponse(200, cartAnswer(cart)),
      'GET /api/payment/cart-summary': () => jsonResponse(200, cartSummaryAnswer(cart)),
      'POST /api/cart/update': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const plus = await screen.findByRole('button', { name: 'Increase quantity of Linen Summer Shirt (M)' });
    await userEvent.click(plus);
    const input = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity of Linen Summer Shirt (M)' });
    await waitFor(() => expect(input.value).toBe('3'));
    expect((plus as HTMLButtonElement).disabled).toBe(true);
    expect(input.disabled).toBe(true);
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Decrease quantity of Linen Summer Shirt (M)' }).disabled,
    ).toBe(true);

    answer(jsonResponse(200, cartAnswer(buildCart([buildCartItem({ quantity: 3 })]))));
    await waitFor(() => expect((plus as HTMLButtonElement).disabled).toBe(false));
    expect(input.value).toBe('3');
  });

  it('rolls back to the current cart and shows an error toast when the change fails', async () => {
    const cart = buildCart([buildCartItem({ quantity: 2 })]);
    renderCart({
      'GET /api/cart': () => jsonResponse(200, cartAnswer(cart)),
      'GET /api/payment/cart-summary': () => jsonResponse(200, cartSummaryAnswer(cart)),
      'POST /api/cart/update': () =>
        jsonResponse(409, { success: false, code: 'CONFLICT', message: 'Only 2 left in size M.' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Increase quantity of Linen Summer Shirt (M)' }));
    const input = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity of Linen Summer Shirt (M)' });
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Only 2 left in size M.', 'error'));
    expect(input.value).toBe('2');
  });

  it('names the colour of a product in several colours, with its swatch, and only the size of one in one colour', async () => {
    const cart = buildCart([buildCartItem(), buildColourCartItem()]);
    renderCart({
      'GET /api/cart': () => jsonResponse(200, cartAnswer(cart)),
      'GET /api/payment/cart-summary': () => jsonResponse(200, cartSummaryAnswer(cart)),
    });
    const [plain, colourful] = within(await screen.findByRole('region', { name: 'Items in your cart' })).getAllByRole(
      'listitem',
    );
    expect(within(plain!).getByText('Size: M')).toBeTruthy();
    expect(within(plain!).queryByText(/Standard/)).toBeNull();
    const variant = within(colourful!).getByText(UI.colourAndSize('Sage', 'M'));
    expect(within(colourful!).getByRole('heading', { name: 'Linen Shirt' })).toBeTruthy();
    const swatch = variant.querySelector<HTMLElement>('[aria-hidden="true"]');
    expect(swatch?.style.backgroundColor).toBe('rgb(138, 154, 91)');
    expect(screen.getByRole('button', { name: 'Remove Linen Shirt (Sage, M) from cart' })).toBeTruthy();
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Linen Shirt (Sage, M)' })).toBeTruthy();
  });

  it('keeps two colours of one size as two lines, and changes only the one asked for', async () => {
    const sage = buildColourCartItem({ quantity: 1 });
    const navy = buildColourCartItem({ colourId: 'c-navy', colourName: 'Navy', swatch: '#1f2a44', quantity: 1 });
    const cart = buildCart([sage, navy]);
    let answer: (response: Response) => void = () => undefined;
    const { fetchFake } = renderCart({
      'GET /api/cart': () => jsonResponse(200, cartAnswer(cart)),
      'GET /api/payment/cart-summary': () => jsonResponse(200, cartSummaryAnswer(cart)),
      'POST /api/cart/update': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Increase quantity of Linen Shirt (Navy, M)' }));
    const quantityOf = (colour: string) =>
      screen.getByRole<HTMLInputElement>('spinbutton', { name: `Quantity of Linen Shirt (${colour}, M)` }).value;
    await waitFor(() => expect(quantityOf('Navy')).toBe('2'));
    expect(quantityOf('Sage')).toBe('1');
    expect(callsTo(fetchFake, 'POST', '/api/cart/update')).toEqual([
      { productId: 'p2', colourId: 'c-navy', size: 'M', quantity: 2 },
    ]);
    answer(jsonResponse(200, cartAnswer(buildCart([sage, { ...navy, quantity: 2 }]))));
    await waitFor(() =>
      expect(
        screen.getByRole<HTMLButtonElement>('button', { name: 'Remove Linen Shirt (Sage, M) from cart' }).disabled,
      ).toBe(false),
    );
    expect([quantityOf('Sage'), quantityOf('Navy')]).toEqual(['1', '2']);
  });

  it('shows the empty cart with its two ways out', async () => {
    renderCart({ 'GET /api/cart': () => jsonResponse(200, cartAnswer(buildCart([]))) });
    expect(await screen.findByText(UI.cartEmpty)).toBeTruthy();
    expect(screen.getByRole('link', { name: UI.continueShopping }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: UI.viewOffers }).getAttribute('href')).toBe('/shop');
  });

  it('shows Error Loading Cart with Try Again', async () => {
    let isBroken = true;
    const cart = buildCart();
    renderCart({
      'GET /api/cart': () =>
        isBroken ? jsonResponse(400, errorBody('VALIDATION_FAILED', 'Broken')) : jsonResponse(200, cartAnswer(cart)),
      'GET /api/payment/cart-summary': () => jsonResponse(200, cartSummaryAnswer(cart)),
    });
    expect(await screen.findByText(CART_MESSAGES.errorLoadingCart)).toBeTruthy();
    isBroken = false;
    await userEvent.click(screen.getByRole('button', { name: UI.tryAgain }));
    expect(await screen.findByRole('link', { name: 'Linen Summer Shirt' })).toBeTruthy();
  });

  it('says a failed summary failed (docs/product.md#cart) instead of "Calculated at checkout", and retries it', async () => {
    let isBroken = true;
    const cart = buildCart();
    renderCart({
      'GET /api/cart': () => jsonResponse(200, cartAnswer(cart)),
      'GET /api/payment/cart-summary': () =>
        isBroken
          ? jsonResponse(400, errorBody('VALIDATION_FAILED', 'Broken'))
          : jsonResponse(200, cartSummaryAnswer(cart)),
    });
    const summary = await screen.findByRole('complementary');
    expect((await within(summary).findByRole('alert')).textContent).toContain(CHECKOUT_MESSAGES.loadCartSummaryFailed);
    expect(within(summary).queryByText(UI.taxAtCheckout)).toBeNull();
    isBroken = false;
    await userEvent.click(within(summary).getByRole('button', { name: UI.tryAgain }));
    expect(await within(summary).findByText('$4.80')).toBeTruthy();
    expect(within(summary).queryByRole('alert')).toBeNull();
  });

  it('applies a promo code, or shows the server reason when it does not apply', async () => {
    const cart = buildCart();
    const discounted = buildCart(undefined, {
      discount: 6,
      totalPrice: 54,
      coupon: { code: 'WELCOME10', description: '10% off your order', kind: 'percent', value: 10 },
    });
    renderCart({
      'GET /api/cart': () => jsonResponse(200, cartAnswer(cart)),
      'GET /api/payment/cart-summary': () => jsonResponse(200, cartSummaryAnswer(cart)),
      'POST /api/cart/coupon': ({ body }) =>
        (body as { code: string }).code === 'NOPE'
          ? jsonResponse(400, errorBody('VALIDATION_FAILED', CART_MESSAGES.couponInvalid))
          : jsonResponse(200, cartAnswer(discounted)),
    });
    const field = await screen.findByLabelText('Promo code');
    await userEvent.type(field, 'NOPE');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(CART_MESSAGES.couponInvalid)).toBeTruthy();

    await userEvent.clear(field);
    await userEvent.type(field, 'welcome10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Discount (WELCOME10)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove promo code WELCOME10' })).toBeTruthy();
  });
});
