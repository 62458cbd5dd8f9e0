import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { LOGGED_OUT_STORAGE_KEY, MESSAGES } from '@shopper/contract/plain';
import { ProductAnswerSchema, ProductCollectionSchema } from '@shopper/contract';
import { Header } from '../../../app/layout/header.tsx';
import { errorBody, jsonResponse, stubApi } from '../../../test/account-fixtures.ts';
import { buildProduct } from '../../../test/product-fixture.ts';
import { renderRoutes } from '../../../test/render.tsx';
import {
  buildCart,
  buildCartItem,
  cartAnswer,
  paymentConfigAnswer,
  recordedRequests,
} from '../../../test/shop-fixtures.ts';
import { ProductBySlugPage } from '../product-page.tsx';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/toast.ts', () => ({ showToast: toast }));

afterEach(() => {
  vi.unstubAllGlobals();
  toast.mockReset();
});

const product = buildProduct();

/** The product page under the shop's header, as a visitor without a session sees it. */
function renderAsGuest(config: () => Response) {
  const fetchFake = stubApi({
    [`GET /api/products/slug/${product.slug}`]: () =>
      jsonResponse(200, ProductAnswerSchema.parse({ success: true, product })),
    [`GET /api/products/related/${product.category}/${product.id}`]: () =>
      jsonResponse(200, ProductCollectionSchema.parse({ success: true, products: [] })),
    'GET /api/payment/config': config,
    'POST /api/cart/add': () => jsonResponse(200, cartAnswer(buildCart([buildCartItem({ size: 'S', quantity: 1 })]))),
  });
  renderRoutes(
    [
      {
        element: (
          <>
            <Header />
            <Outlet />
          </>
        ),
        children: [{ path: '/products/:productSlug', element: <ProductBySlugPage renderReviews={() => null} /> }],
      },
    ],
    [`/products/${product.slug}`],
  );
  return fetchFake;
}

async function addSizeS() {
  await screen.findByRole('heading', { level: 1, name: product.name });
  await userEvent.click(within(screen.getByRole('group', { name: 'Select size' })).getByRole('radio', { name: /^S/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
}

const cartAdds = (fetchFake: Parameters<typeof recordedRequests>[0]) =>
  recordedRequests(fetchFake).filter((request) => request.url.pathname === '/api/cart/add');

describe('Add to Cart for a visitor without a session (decision 072)', () => {
  it('adds to the guest cart when the shop allows guest checkout, and the header counts it', async () => {
    const fetchFake = renderAsGuest(() => jsonResponse(200, paymentConfigAnswer('test', { guestCheckout: true })));
    await addSizeS();
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Added Linen Summer Shirt (S) to your cart', 'success'));
    expect(cartAdds(fetchFake).map((request) => request.body)).toEqual([
      { productId: 'p1', quantity: 1, size: 'S', colourId: 'p1-standard' },
    ]);
    expect(cartAdds(fetchFake)[0]?.headers['auth-token']).toBeUndefined();
    expect((await screen.findAllByRole('link', { name: 'Cart, 1 item' })).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0);
  });

  it('adds for a guest who logged out of an account earlier: the logged-out marker does not block the guest cart', async () => {
    localStorage.setItem(LOGGED_OUT_STORAGE_KEY, 'true');
    const fetchFake = renderAsGuest(() => jsonResponse(200, paymentConfigAnswer('test', { guestCheckout: true })));
    await addSizeS();
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Added Linen Summer Shirt (S) to your cart', 'success'));
    expect(cartAdds(fetchFake)).toHaveLength(1);
  });

  it('asks to log in, and adds nothing, when guest checkout is off', async () => {
    const fetchFake = renderAsGuest(() => jsonResponse(200, paymentConfigAnswer()));
    await addSizeS();
    await waitFor(() => expect(toast).toHaveBeenCalledWith(MESSAGES.loginToAddToCart, 'error'));
    expect(toast).toHaveBeenCalledTimes(1);
    expect(cartAdds(fetchFake)).toEqual([]);
    expect(screen.queryByRole('link', { name: /^Cart/ })).toBeNull();
  });

  it('asks to log in when the shop’s setting cannot be read', async () => {
    const fetchFake = renderAsGuest(() => jsonResponse(400, errorBody('VALIDATION_FAILED', 'Broken')));
    await addSizeS();
    await waitFor(() => expect(toast).toHaveBeenCalledWith(MESSAGES.loginToAddToCart, 'error'));
    expect(cartAdds(fetchFake)).toEqual([]);
  });
});
