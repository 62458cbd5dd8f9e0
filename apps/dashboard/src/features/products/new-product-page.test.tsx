import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_CATALOG_MESSAGES as M } from '@shopper/contract';
import { adminColour, adminProduct } from '../../test/products.ts';
import { json, renderRoutes, stubApi } from '../../test/render.tsx';
import { NewProductPage } from './new-product-page.tsx';

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Name'), 'Linen Shirt');
  await user.type(screen.getByLabelText('Brand'), 'North Quay');
  await user.type(screen.getByLabelText('Regular price ($)'), '59');
  await user.click(screen.getByRole('button', { name: 'Remove size 3' }));
}

describe('new product', () => {
  it('without colours, sends the opening stock per size', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'POST /api/admin/products': () => json(201, { success: true, product: adminProduct({ name: 'Linen Shirt' }) }),
    });
    renderRoutes(
      [
        { path: '/products/new', element: <NewProductPage /> },
        { path: '/products/:id', element: <p>Product page</p> },
      ],
      '/products/new',
    );
    await fillDetails(user);
    await user.type(screen.getByLabelText('Stock of size 1'), '{Backspace}3');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await screen.findByText('Product page');
    const body = calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(body.stock).toEqual({ S: 3, M: 0 });
    expect(body).not.toHaveProperty('colours');
  });

  it('with colours, sends each colour with its stock per size, and the contract’s message for a bad one', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'POST /api/admin/products': () =>
        json(201, {
          success: true,
          product: adminProduct({
            name: 'Linen Shirt',
            colours: [adminColour({ name: 'Sage' }), adminColour({ id: 'c2', name: 'Navy' })],
          }),
        }),
    });
    renderRoutes(
      [
        { path: '/products/new', element: <NewProductPage /> },
        { path: '/products/:id', element: <p>Product page</p> },
      ],
      '/products/new',
    );
    await fillDetails(user);
    const panel = screen.getByRole('region', { name: 'Colours' });
    await user.click(within(panel).getByRole('button', { name: 'Add colour' }));
    await user.click(within(panel).getByRole('button', { name: 'Add colour' }));
    // Stock now goes per colour: the sizes' own stock fields are gone.
    expect(screen.queryByLabelText('Stock of size 1')).toBeNull();

    const [sage, navy] = within(panel).getAllByRole('group');
    await user.type(within(sage!).getByLabelText('Colour name'), 'Sage');
    await user.clear(within(sage!).getByLabelText('Swatch'));
    await user.type(within(sage!).getByLabelText('Swatch'), '#87A96B');
    await user.type(within(sage!).getByLabelText('Stock of Sage in size S'), '{Backspace}2');
    await user.type(within(navy!).getByLabelText('Colour name'), 'Navy');
    await user.clear(within(navy!).getByLabelText('Swatch'));
    await user.type(within(navy!).getByLabelText('Swatch'), 'navy');
    await user.type(within(navy!).getByLabelText('Stock of Navy in size M'), '{Backspace}5');

    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await within(panel).findByText(M.swatchInvalid)).toBeTruthy();
    expect(calls).toEqual([]);

    await user.clear(within(navy!).getByLabelText('Swatch'));
    await user.type(within(navy!).getByLabelText('Swatch'), '#1f2a44');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await screen.findByText('Product page');
    const body = calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(body.colours).toEqual([
      { name: 'Sage', swatch: '#87A96B', stock: { S: 2, M: 0 } },
      { name: 'Navy', swatch: '#1f2a44', stock: { S: 0, M: 5 } },
    ]);
    expect(body.sizes).toEqual(['S', 'M']);
    expect(body).not.toHaveProperty('stock');
  });
});
