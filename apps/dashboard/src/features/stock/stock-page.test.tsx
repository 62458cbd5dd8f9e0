import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_MESSAGES, StockMovementSchema, StockMovementsPageSchema, type StockMovement } from '@shopper/contract';
import { adminColour, adminProduct } from '../../test/products.ts';
import { json, renderRoutes, stubApi } from '../../test/render.tsx';
import { StockPage } from './stock-page.tsx';

const PRODUCT = '00000000-0000-4000-8000-0000000000a1';
const NAVY = '00000000-0000-4000-8000-0000000000c1';
const SAGE = '00000000-0000-4000-8000-0000000000c2';

const navy = adminColour({ id: NAVY, name: 'Navy', swatch: '#1f2a44', family: 'blue' });
const sage = adminColour({
  id: SAGE,
  slug: 'sage',
  name: 'Sage',
  swatch: '#87a96b',
  family: 'green',
  position: 1,
  isHidden: true,
  sizes: [
    { size: 'S', stock: 1, sku: '' },
    { size: 'M', stock: 4, sku: '' },
  ],
});

function movement(overrides: Partial<StockMovement>): StockMovement {
  return StockMovementSchema.parse({
    id: 'm1',
    productId: PRODUCT,
    colourId: NAVY,
    colourName: 'Navy',
    size: 'S',
    delta: 3,
    stockAfter: 3,
    reason: 'import',
    note: 'Opening stock',
    actor: null,
    orderId: null,
    orderNumber: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}

const MOVEMENTS = [
  movement({}),
  movement({ id: 'm2', colourId: SAGE, colourName: 'Sage', size: 'M', delta: 4, stockAfter: 4 }),
];

function stockServer(product = adminProduct({ id: PRODUCT, colours: [navy, sage] })) {
  return stubApi({
    [`GET /api/admin/products/${PRODUCT}`]: () => json(200, { success: true, product }),
    'GET /api/admin/stock/movements': ({ url }) => {
      const colourId = url.searchParams.get('colourId');
      const items = MOVEMENTS.filter((row) => !colourId || row.colourId === colourId);
      return json(
        200,
        StockMovementsPageSchema.parse({ success: true, items, page: 1, pageSize: 20, total: items.length }),
      );
    },
    'POST /api/admin/stock/adjustments': ({ init }) => {
      const body = JSON.parse(init?.body as string) as { colourId?: string };
      if (product.colours.length > 1 && !body.colourId) {
        return json(400, {
          success: false,
          code: 'VALIDATION_FAILED',
          message: ADMIN_MESSAGES.colourRequired,
          errors: [{ param: 'colourId', msg: ADMIN_MESSAGES.colourRequired }],
        });
      }
      return json(200, {
        success: true,
        message: ADMIN_MESSAGES.stockAdjusted('M', 7),
        movement: movement({
          id: 'm3',
          colourId: SAGE,
          colourName: 'Sage',
          size: 'M',
          delta: 3,
          stockAfter: 7,
          reason: 'adjustment',
        }),
      });
    },
  });
}

describe('stock of a product with several colours', () => {
  it('shows a grid of colours × sizes; a cell picks its variant in the form, which names the colour', async () => {
    const user = userEvent.setup();
    const calls = stockServer();
    renderRoutes([{ path: '/stock', element: <StockPage /> }], `/stock?product=${PRODUCT}`);
    const grid = await screen.findByRole('table', { name: 'Stock by colour and size' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Colour', 'S', 'M', 'Total']);
    const sageRow = within(grid).getByRole('rowheader', { name: /Sage/ }).closest('tr')!;
    expect(within(sageRow).getByText('Hidden')).toBeTruthy();
    expect(within(sageRow).getByText('5')).toBeTruthy();

    await user.click(within(grid).getByRole('button', { name: 'Change stock of Sage in size M: 4' }));
    const form = screen.getByRole('form', { name: 'Change stock' });
    expect(within(form).getByLabelText('Colour')).toHaveProperty('value', SAGE);
    expect(within(form).getByLabelText('Size')).toHaveProperty('value', 'M');
    expect(document.activeElement).toBe(within(form).getByLabelText('Amount'));
    expect(
      within(grid).getByRole('button', { name: 'Change stock of Sage in size M: 4' }).getAttribute('aria-pressed'),
    ).toBe('true');

    await user.type(within(form).getByLabelText('Amount'), '3');
    await user.type(within(form).getByLabelText('Note'), 'Delivery');
    await user.click(within(form).getByRole('button', { name: 'Save stock' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      productId: PRODUCT,
      colourId: SAGE,
      size: 'M',
      delta: 3,
      reason: 'adjustment',
      note: 'Delivery',
    });
  });

  it('filters the ledger by colour and names the colour on each movement', async () => {
    const user = userEvent.setup();
    const calls = stockServer();
    const { router } = renderRoutes([{ path: '/stock', element: <StockPage /> }], `/stock?product=${PRODUCT}`);
    const ledger = await screen.findByRole('table', { name: 'Stock ledger' });
    await within(ledger).findByText('Sage');
    expect(
      within(ledger)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toContain('Colour');
    expect(within(ledger).getByText('Navy')).toBeTruthy();

    await user.selectOptions(
      within(screen.getByRole('region', { name: 'Ledger' })).getByRole('combobox', { name: 'Colour' }),
      'Sage',
    );
    expect(new URLSearchParams(router.state.location.search).get('colour')).toBe(SAGE);
    await vi.waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Stock ledger' })).queryByText('Navy')).toBeNull(),
    );
    expect(
      calls
        .filter((call) => call.url.pathname === '/api/admin/stock/movements')
        .at(-1)
        ?.url.searchParams.get('colourId'),
    ).toBe(SAGE);
  });
});

describe('stock of a product with one colour', () => {
  it('keeps the list per size, and names the colour in the change all the same', async () => {
    const user = userEvent.setup();
    const calls = stockServer(adminProduct({ id: PRODUCT, colours: [navy] }));
    renderRoutes([{ path: '/stock', element: <StockPage /> }], `/stock?product=${PRODUCT}`);
    const sizes = await screen.findByRole('list', { name: 'Stock per size' });
    expect(
      within(sizes)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual(['S 3', 'M 0 Sold out']);
    expect(screen.queryByRole('table', { name: 'Stock by colour and size' })).toBeNull();
    const form = screen.getByRole('form', { name: 'Change stock' });
    expect(within(form).queryByLabelText('Colour')).toBeNull();
    const ledger = await screen.findByRole('table', { name: 'Stock ledger' });
    expect(
      within(ledger)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).not.toContain('Colour');

    await user.type(within(form).getByLabelText('Amount'), '2');
    await user.type(within(form).getByLabelText('Note'), 'Found two');
    await user.click(within(form).getByRole('button', { name: 'Save stock' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ colourId: NAVY, size: 'S', delta: 2 });
  });
});
