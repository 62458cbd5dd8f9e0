import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CART_MESSAGES, SHOP_UI_MESSAGES as UI } from '@shopper/contract/plain';
import { ProductAnswerSchema, ProductCollectionSchema, type Product } from '@shopper/contract';
import { jsonResponse, stubApi } from '../../test/account-fixtures.ts';
import { buildColourfulProduct, buildProduct, NAVY, SAGE, SAND } from '../../test/product-fixture.ts';
import { renderRoutes } from '../../test/render.tsx';
import {
  buildCart,
  buildColourCartItem,
  cartAnswer,
  recordedRequests,
  signedInRoutes,
} from '../../test/shop-fixtures.ts';
import { ColourPicker } from './components/colour-picker.tsx';
import { ProductByIdPage, ProductBySlugPage } from './product-page.tsx';

afterEach(() => vi.unstubAllGlobals());

function productRoutes(product: Product) {
  return {
    [`GET /api/products/slug/${product.slug}`]: () =>
      jsonResponse(200, ProductAnswerSchema.parse({ success: true, product })),
    [`GET /api/products/${product.id}`]: () => jsonResponse(200, ProductAnswerSchema.parse({ success: true, product })),
    [`GET /api/products/related/${product.category}/${product.id}`]: () =>
      jsonResponse(200, ProductCollectionSchema.parse({ success: true, products: [] })),
  };
}

function renderProduct(url: string, product: Product = buildColourfulProduct(), extra = {}) {
  const fetchFake = stubApi({ ...productRoutes(product), ...extra });
  const view = renderRoutes(
    [
      { path: '/products/:productSlug', element: <ProductBySlugPage renderReviews={() => null} /> },
      { path: '/product/:productId', element: <ProductByIdPage renderReviews={() => null} /> },
    ],
    [url],
  );
  return { ...view, fetchFake };
}

const colourGroup = () => screen.findByRole('radiogroup', { name: UI.colourLabel });
const colourRadio = (name: string) => screen.getByRole('radio', { name });
const sizeRadio = (size: string) =>
  within(screen.getByRole('group', { name: 'Select size' })).getByRole<HTMLInputElement>('radio', {
    name: new RegExp(`^${size}`),
  });
const mainImage = () => screen.getByRole('img', { name: 'Linen Shirt' });
const quantity = () => screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity' });

describe('the colour picker of a product page (decision 043)', () => {
  it('offers the colours as radios named by colour, each a link to ?colour=, the URL’s one checked and named', async () => {
    renderProduct('/products/linen-shirt?colour=navy');
    const group = await colourGroup();
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.textContent)).toEqual(['Sage', 'Navy', 'Sand']);
    expect(radios.map((radio) => radio.getAttribute('href'))).toEqual(['?colour=sage', '?colour=navy', '?colour=sand']);
    expect(radios.map((radio) => radio.getAttribute('aria-checked'))).toEqual(['false', 'true', 'false']);
    expect(radios.map((radio) => radio.tagName)).toEqual(['A', 'A', 'A']);
    expect(group.parentElement?.textContent).toContain(`${UI.colourLabel} Navy`);
    const swatch = colourRadio('Navy').querySelector<HTMLElement>('[aria-hidden="true"]');
    expect(swatch?.style.backgroundColor).toBe('rgb(31, 42, 68)');
  });

  it('shows the default colour for no colour, an unknown one or a hidden one', async () => {
    for (const url of [
      '/products/linen-shirt',
      '/products/linen-shirt?colour=olive',
      '/products/linen-shirt?colour=',
    ]) {
      const view = renderProduct(url);
      await colourGroup();
      expect(colourRadio('Sage').getAttribute('aria-checked'), url).toBe('true');
      expect(mainImage().getAttribute('src'), url).toBe(SAGE.mainImage);
      view.unmount();
    }
  });

  it('shows the URL’s colour: its photos, its sold-out sizes', async () => {
    renderProduct('/products/linen-shirt?colour=navy');
    await colourGroup();
    expect(mainImage().getAttribute('src')).toBe(NAVY.mainImage);
    const thumbs = screen.getByRole('list', { name: 'Product images' }).querySelectorAll('img');
    expect([...thumbs].map((thumb) => thumb.getAttribute('src'))).toEqual(NAVY.images);
    expect(sizeRadio('S').disabled).toBe(true);
    expect(sizeRadio('M').disabled).toBe(false);
    expect(sizeRadio('L').disabled).toBe(false);
  });

  it('draws an uploaded photo of the colour from its own variants', async () => {
    const url = '/images/uploads/0123456789abcdef0123-640.webp';
    const source = { srcSet: `${url} 640w`, width: 900, height: 1200 };
    const navy = { ...NAVY, images: [url], mainImage: url, imageSources: { [url]: source } };
    renderProduct('/products/linen-shirt?colour=navy', buildColourfulProduct({ colours: [SAGE, navy, SAND] }));
    await colourGroup();
    expect(mainImage().getAttribute('src')).toBe(url);
    expect(mainImage().getAttribute('srcset')).toBe(source.srcSet);
    expect([mainImage().getAttribute('width'), mainImage().getAttribute('height')]).toEqual(['900', '1200']);
  });

  it('chooses a colour in place on a click: the URL is replaced, the gallery and the sold-out sizes follow', async () => {
    const { router } = renderProduct('/products/linen-shirt');
    await colourGroup();
    expect(sizeRadio('M').disabled).toBe(true);
    await userEvent.click(colourRadio('Navy'));
    expect(router.state.location.pathname).toBe('/products/linen-shirt');
    expect(router.state.location.search).toBe('?colour=navy');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(colourRadio('Navy').getAttribute('aria-checked')).toBe('true');
    expect(colourRadio('Sage').getAttribute('aria-checked')).toBe('false');
    expect(mainImage().getAttribute('src')).toBe(NAVY.mainImage);
    expect(sizeRadio('S').disabled).toBe(true);
    expect(sizeRadio('M').disabled).toBe(false);
  });

  it('keeps the chosen size across colours, with the quantity’s maximum following the colour', async () => {
    renderProduct('/products/linen-shirt?colour=sage');
    await colourGroup();
    await userEvent.click(sizeRadio('L'));
    for (let step = 0; step < 4; step += 1) {
      await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    }
    expect(quantity().value).toBe('5');
    expect(quantity().max).toBe('9');

    await userEvent.click(colourRadio('Navy'));
    expect(sizeRadio('L').checked).toBe(true);
    expect(quantity().value).toBe('2');
    expect(quantity().max).toBe('2');
    expect(screen.getByText('Only 2 left in L')).toBeTruthy();

    // Sand is sold out in every size.
    await userEvent.click(colourRadio('Sand'));
    expect(sizeRadio('L').checked).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Out of stock' }).disabled).toBe(true);

    await userEvent.click(colourRadio('Sage'));
    expect(sizeRadio('L').checked).toBe(true);
    expect(quantity().value).toBe('1');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add to Cart' }).disabled).toBe(false);
  });

  it('says when the size kept is sold out in the colour chosen, and does not offer to add it', async () => {
    renderProduct('/products/linen-shirt?colour=sage');
    await colourGroup();
    await userEvent.click(sizeRadio('S'));
    await userEvent.click(colourRadio('Navy'));
    expect(sizeRadio('S').checked).toBe(true);
    expect(sizeRadio('S').disabled).toBe(true);
    expect(screen.getByText(CART_MESSAGES.soldOutIn('Navy', 'S'))).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add to Cart' }).disabled).toBe(true);
    await userEvent.click(sizeRadio('M'));
    expect(screen.getByText('Only 4 left in M')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add to Cart' }).disabled).toBe(false);
  });

  it('moves the choice with the arrow keys, as radio buttons do, with one tab stop', async () => {
    const { router } = renderProduct('/products/linen-shirt');
    await colourGroup();
    const tabStops = () => ['Sage', 'Navy', 'Sand'].map((name) => colourRadio(name).tabIndex);
    expect(tabStops()).toEqual([0, -1, -1]);

    colourRadio('Sage').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(colourRadio('Navy'));
    expect(colourRadio('Navy').getAttribute('aria-checked')).toBe('true');
    expect(router.state.location.search).toBe('?colour=navy');
    expect(tabStops()).toEqual([-1, 0, -1]);

    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(colourRadio('Sand'));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(colourRadio('Sage'));
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(colourRadio('Sand'));
    expect(router.state.location.search).toBe('?colour=sand');
    await userEvent.keyboard('{Home}');
    expect(colourRadio('Sage').getAttribute('aria-checked')).toBe('true');
    await userEvent.keyboard('{End}');
    expect(colourRadio('Sand').getAttribute('aria-checked')).toBe('true');
    expect(mainImage().getAttribute('src')).toBe(SAND.mainImage);
  });

  it('leaves a click with a modifier to the browser (a new tab), choosing nothing here', async () => {
    const { router } = renderProduct('/products/linen-shirt');
    await colourGroup();
    fireEvent.click(colourRadio('Navy'), { ctrlKey: true });
    expect(router.state.location.search).toBe('');
    expect(colourRadio('Sage').getAttribute('aria-checked')).toBe('true');
  });

  it('adds the chosen colour to the cart', async () => {
    const { fetchFake } = renderProduct('/products/linen-shirt', buildColourfulProduct(), {
      ...signedInRoutes(),
      'POST /api/cart/add': () =>
        jsonResponse(200, cartAnswer(buildCart([buildColourCartItem({ colourId: 'c-navy', colourName: 'Navy' })]))),
    });
    await colourGroup();
    await userEvent.click(colourRadio('Navy'));
    await userEvent.click(sizeRadio('M'));
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() =>
      expect(recordedRequests(fetchFake).filter((request) => request.method === 'POST')).toHaveLength(1),
    );
    const [request] = recordedRequests(fetchFake).filter((candidate) => candidate.method === 'POST');
    expect(request?.url.pathname).toBe('/api/cart/add');
    expect(request?.body).toEqual({ productId: 'p2', quantity: 1, size: 'M', colourId: 'c-navy' });
  });

  it('shows no picker for a product in one colour, and adds that colour', async () => {
    const product = buildProduct();
    const { fetchFake } = renderProduct('/products/linen-summer-shirt?colour=navy', product, {
      ...signedInRoutes(),
      'POST /api/cart/add': () => jsonResponse(200, cartAnswer(buildCart())),
    });
    await screen.findByRole('heading', { level: 1, name: 'Linen Summer Shirt' });
    expect(screen.queryByRole('radiogroup')).toBeNull();
    await userEvent.click(sizeRadio('S'));
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(recordedRequests(fetchFake).some((request) => request.method === 'POST')).toBe(true));
    const request = recordedRequests(fetchFake).find((candidate) => candidate.method === 'POST');
    expect(request?.body).toEqual({ productId: 'p1', quantity: 1, size: 'S', colourId: 'p1-standard' });
  });

  it('moves /product/{id} to the slug URL, keeping a colour the product has', async () => {
    const { router } = renderProduct('/product/p2?colour=navy');
    await colourGroup();
    expect(router.state.location.pathname).toBe('/products/linen-shirt');
    expect(router.state.location.search).toBe('?colour=navy');
    expect(colourRadio('Navy').getAttribute('aria-checked')).toBe('true');
  });
});

describe('ColourPicker rendered on the server, then hydrated (decisions 039 and 043)', () => {
  const picker = <ColourPicker colours={[SAGE, NAVY, SAND]} chosen={NAVY} onChoose={() => undefined} />;

  it('is plain links before hydration, every swatch reachable, and one tab stop after', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(picker);
    document.body.append(container);
    const links = () => [...container.querySelectorAll('a')];
    expect(links().map((link) => link.getAttribute('href'))).toEqual(['?colour=sage', '?colour=navy', '?colour=sand']);
    expect(links().map((link) => link.getAttribute('tabindex'))).toEqual([null, null, null]);
    expect(links().map((link) => link.getAttribute('aria-checked'))).toEqual(['false', 'true', 'false']);

    await act(async () => void hydrateRoot(container, picker));
    expect(links().map((link) => link.getAttribute('tabindex'))).toEqual(['-1', '0', '-1']);
    container.remove();
  });
});
