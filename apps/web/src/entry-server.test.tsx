import { describe, expect, it } from 'vitest';
import {
  ProductAnswerSchema,
  ProductCollectionSchema,
  ShippingOfferAnswerSchema,
  type Product,
  type ShippingOffer,
} from '@shopper/contract';
import { render } from './entry-server.tsx';
import { errorBody, jsonResponse } from './test/account-fixtures.ts';
import { buildColourfulProduct, NAVY, SAGE } from './test/product-fixture.ts';
import { reviewListResponse } from './test/review-fixtures.ts';

const FREE: ShippingOffer = { kind: 'free' };

/** The API as the server renderer reads it in process, for one product, in a shop with that shipping. */
function apiFor(product: Product, offer: ShippingOffer = FREE) {
  return async (url: string) => {
    const path = new URL(url, 'http://shop.invalid').pathname;
    if (path === '/api/shop/shipping') {
      return jsonResponse(200, ShippingOfferAnswerSchema.parse({ success: true, offer }));
    }
    if (path === `/api/products/slug/${product.slug}` || path === `/api/products/${product.id}`) {
      return jsonResponse(200, ProductAnswerSchema.parse({ success: true, product }));
    }
    if (path.startsWith('/api/products/related/')) {
      return jsonResponse(200, ProductCollectionSchema.parse({ success: true, products: [] }));
    }
    if (path.startsWith('/api/reviews/products/')) return reviewListResponse([], url);
    return jsonResponse(404, errorBody('NOT_FOUND', `No ${path}`));
  };
}

/** The swatch links of rendered HTML, with whether each is the chosen one. */
function swatchesOf(html: string): string[] {
  const container = document.createElement('div');
  container.innerHTML = html;
  return [...container.querySelectorAll('[role="radiogroup"] a[role="radio"]')].map(
    (link) => `${link.getAttribute('href')} ${link.getAttribute('aria-checked')}`,
  );
}

describe('the server rendering of a product page in a colour (decision 043)', () => {
  const product = buildColourfulProduct();

  it('reads ?colour= from the URL: the chosen swatch, its photos', async () => {
    const result = await render('/products/linen-shirt?colour=navy', apiFor(product));
    if (result.kind !== 'page') throw new Error(`rendered ${result.kind}`);
    expect(swatchesOf(result.html)).toEqual(['?colour=sage false', '?colour=navy true', '?colour=sand false']);
    expect(result.html).toContain(`src="${NAVY.mainImage}"`);
    expect(result.html).not.toContain(`src="${SAGE.mainImage}"`);
  });

  it('renders the default colour for an unknown value, with a 200', async () => {
    const result = await render('/products/linen-shirt?colour=Navy', apiFor(product));
    if (result.kind !== 'page') throw new Error(`rendered ${result.kind}`);
    expect(result.status).toBe(200);
    expect(swatchesOf(result.html)).toEqual(['?colour=sage true', '?colour=navy false', '?colour=sand false']);
    expect(result.html).toContain(`src="${SAGE.mainImage}"`);
  });

  it('moves /product/{id} to the slug URL with the colour it names, and drops one it does not', async () => {
    expect(await render('/product/p2?colour=navy', apiFor(product))).toEqual({
      kind: 'redirect',
      status: 301,
      location: '/products/linen-shirt?colour=navy',
    });
    expect(await render('/product/p2?colour=olive', apiFor(product))).toEqual({
      kind: 'redirect',
      status: 301,
      location: '/products/linen-shirt',
    });
  });
});

describe('the top band of a rendered page', () => {
  const bandOf = (html: string) => {
    const container = document.createElement('div');
    container.innerHTML = html;
    return container.querySelector('[aria-label="Shipping and returns"]')?.textContent;
  };

  it('keeps its words in a shop at its defaults, and follows the owner’s shipping otherwise', async () => {
    const product = buildColourfulProduct();
    const url = `/product/${product.slug}`;
    const at = async (offer: ShippingOffer) => {
      const result = await render(url, apiFor(product, offer));
      if (result.kind !== 'page') throw new Error(`rendered ${result.kind}`);
      return { band: bandOf(result.html), state: result.state };
    };
    const fresh = await at(FREE);
    expect(fresh.band).toBe('Free shipping on every order · Easy 30-day returns');
    // The browser starts from the same answer: nothing to fetch, nothing to redraw.
    expect(fresh.state).toContain('"shipping-offer"');
    expect((await at({ kind: 'free-from', amount: 75 })).band).toBe(
      'Free shipping on orders from $75.00 · Easy 30-day returns',
    );
    expect((await at({ kind: 'paid-from', amount: 4.95 })).band).toBe('Shipping from $4.95 · Easy 30-day returns');
    expect((await at({ kind: 'none' })).band).toBe('Easy 30-day returns');
  });
});
