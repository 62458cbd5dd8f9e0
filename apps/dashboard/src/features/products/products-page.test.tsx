import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminProductListSchema } from '@shopper/contract';
import { adminProduct } from '../../test/products.ts';
import { json, renderRoutes, stubApi } from '../../test/render.tsx';
import { ProductsPage } from './products-page.tsx';

const product = (id: string, name: string) =>
  adminProduct({ id, name, slug: name.toLowerCase().replace(/\W+/g, '-'), salePrice: 99.5 });

describe('products list', () => {
  it('asks the server for the page, sort and filters the URL names, and writes changes back to it', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /api/admin/products': ({ url }) =>
        json(
          200,
          AdminProductListSchema.parse({
            success: true,
            items: [product('p1', 'Harbour Jacket')],
            page: Number(url.searchParams.get('page') ?? 1),
            pageSize: 20,
            total: 45,
          }),
        ),
    });
    const { router } = renderRoutes([{ path: '/products', element: <ProductsPage /> }], '/products?page=2&sort=bogus');
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(within(table).getByRole('link', { name: 'Harbour Jacket' })).toBeTruthy();
    expect(within(table).getByText('$99.50')).toBeTruthy();
    // An unknown sort falls back to the default; the valid page is kept.
    expect(calls.at(-1)?.url.searchParams.get('page')).toBe('2');
    expect(calls.at(-1)?.url.searchParams.get('sort')).toBe('updatedAt');
    expect(screen.getByText('21–40 of 45')).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: /Price/ }));
    expect(router.state.location.search).toBe('?sort=price&dir=desc');
    await user.click(within(table).getByRole('button', { name: /Price/ }));
    expect(router.state.location.search).toBe('?sort=price&dir=asc');
    expect(await screen.findByRole('columnheader', { name: /Price/ })).toHaveProperty('ariaSort', 'ascending');

    await user.selectOptions(screen.getByLabelText('Status'), 'draft');
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('draft');
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'jacket{Enter}');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('jacket');
    expect(calls.at(-1)?.url.searchParams.get('q')).toBe('jacket');
  });
});
