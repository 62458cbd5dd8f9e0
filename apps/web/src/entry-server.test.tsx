import { describe, expect, it } from 'vitest';
import { ProductAnswerSchema, ProductCollectionSchema, type Product } from '@shopper/contract';
import { render } from './entry-server.tsx';
import { errorBody, jsonResponse } from './test/account-fixtures.ts';
import { buildColourfulProduct, NAVY, SAGE } from './test/product-fixture.ts';
import { reviewListResponse } from './test/review-fixtures.ts';

/** The API as the server renderer reads it in process, for one product. */
function apiFor(product: Product) {
  return async (url: string) => {
    const path = new URL(url, 'http://shop.invalid').pathname;
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
