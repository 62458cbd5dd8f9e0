import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BACK_IN_STOCK_MESSAGES as B, MESSAGES } from '@shopper/contract/plain';
import { BackInStockAnswerSchema, ProductAnswerSchema, ProductCollectionSchema, type Product } from '@shopper/contract';
import { errorBody, jsonResponse, stubApi } from '../../test/account-fixtures.ts';
import { buildColourfulProduct } from '../../test/product-fixture.ts';
import { renderRoutes } from '../../test/render.tsx';
import { recordedRequests, signedInRoutes } from '../../test/shop-fixtures.ts';
import { ProductBySlugPage } from './product-page.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderProduct(
  url: string,
  extra: Record<string, () => Response> = {},
  product: Product = buildColourfulProduct(),
) {
  const fetchFake = stubApi({
    [`GET /api/products/slug/${product.slug}`]: () =>
      jsonResponse(200, ProductAnswerSchema.parse({ success: true, product })),
    [`GET /api/products/related/${product.category}/${product.id}`]: () =>
      jsonResponse(200, ProductCollectionSchema.parse({ success: true, products: [] })),
    ...extra,
  });
  renderRoutes([{ path: '/products/:productSlug', element: <ProductBySlugPage renderReviews={() => null} /> }], [url]);
  return fetchFake;
}

const box = () => screen.findByRole('region', { name: B.notifyMe });
const answer = (message: string) => () => jsonResponse(200, BackInStockAnswerSchema.parse({ success: true, message }));
const asks = (fetchFake: Parameters<typeof recordedRequests>[0]) =>
  recordedRequests(fetchFake).filter((r) => r.url.pathname === '/api/back-in-stock');

describe("Notify me when it's back (docs/after-purchase.md#notify-me-when-its-back)", () => {
  it('a guest leaves an email for the sold-out size of the colour shown, and is told to confirm it', async () => {
    const fetchFake = renderProduct('/products/linen-shirt?colour=sage', {
      'POST /api/back-in-stock': answer(B.checkInbox),
    });
    const region = await box();
    expect(within(region).getByText('Size M is sold out.')).toBeTruthy();
    await userEvent.type(within(region).getByLabelText(B.emailLabel), 'reader@example.com');
    await userEvent.click(within(region).getByRole('button', { name: B.notifyMe }));
    expect(await within(region).findByRole('status')).toHaveProperty('textContent', B.checkInbox);
    expect(asks(fetchFake).map((r) => r.body)).toEqual([
      { productId: 'p2', colourId: 'c-sage', size: 'M', email: 'reader@example.com' },
    ]);
  });

  it('offers each sold-out size of a colour, and shows the field error the server answers', async () => {
    const fetchFake = renderProduct('/products/linen-shirt?colour=sand', {
      'POST /api/back-in-stock': () =>
        jsonResponse(
          400,
          errorBody('VALIDATION_FAILED', MESSAGES.emailInvalid, [{ param: 'email', msg: MESSAGES.emailInvalid }]),
        ),
    });
    const region = await box();
    const sizes = within(region).getByLabelText<HTMLSelectElement>(B.soldOutSizeLabel);
    expect([...sizes.options].map((option) => option.value)).toEqual(['S', 'M', 'L']);
    await userEvent.selectOptions(sizes, 'L');
    await userEvent.type(within(region).getByLabelText(B.emailLabel), 'nope');
    await userEvent.click(within(region).getByRole('button', { name: B.notifyMe }));
    expect(await within(region).findByText(MESSAGES.emailInvalid)).toBeTruthy();
    expect(asks(fetchFake)[0]?.body).toMatchObject({ colourId: 'c-sand', size: 'L' });
  });

  it('a signed-in shopper taps once: no email asked', async () => {
    const fetchFake = renderProduct('/products/linen-shirt?colour=navy', {
      ...signedInRoutes(),
      'POST /api/back-in-stock': answer(B.onTheList('ada@example.com')),
    });
    const region = await box();
    await waitFor(() => expect(within(region).queryByLabelText(B.emailLabel)).toBeNull());
    await userEvent.click(within(region).getByRole('button', { name: B.notifyMe }));
    expect(await within(region).findByRole('status')).toHaveProperty('textContent', B.onTheList('ada@example.com'));
    expect(asks(fetchFake).map((r) => r.body)).toEqual([{ productId: 'p2', colourId: 'c-navy', size: 'S' }]);
  });

  it('?size= of a back-in-stock link chooses that size once the page has opened', async () => {
    renderProduct('/products/linen-shirt?colour=sage&size=L');
    await box();
    const group = screen.getByRole('group', { name: 'Select size' });
    await waitFor(() => expect(within(group).getByRole<HTMLInputElement>('radio', { name: /^L/ }).checked).toBe(true));
  });
});
