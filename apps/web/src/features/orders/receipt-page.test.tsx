import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { OrderAnswerSchema, ShopLegalAnswerSchema } from '@shopper/contract';
import { jsonResponse, stubApi } from '../../test/account-fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { buildOrder, recordedRequests, signedInRoutes } from '../../test/shop-fixtures.ts';
import { ReceiptPage } from './receipt-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const legal = {
  legalName: 'Shopper Fashion GmbH',
  legalAddress: 'Hauptstraße 1\n10115 Berlin',
  taxNumber: 'DE123456789',
};

function renderReceipt(order: Parameters<typeof buildOrder>[0]) {
  stubApi({
    ...signedInRoutes(),
    'GET /api/payment/order/order-1': () =>
      jsonResponse(200, OrderAnswerSchema.parse({ success: true, order: buildOrder(order) })),
    'GET /api/shop/legal': () => jsonResponse(200, ShopLegalAnswerSchema.parse({ success: true, legal })),
  });
  renderRoutes(
    [{ path: '/order-confirmation/:orderId/receipt', element: <ReceiptPage /> }],
    ['/order-confirmation/order-1/receipt'],
  );
}

describe('ReceiptPage', () => {
  it('carries the seller’s legal details, each line’s tax rate, the method’s shipping and the tax', async () => {
    renderReceipt({ shippingMethodName: 'Express', shippingAmount: 15, totalAmount: 36.6 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Receipt for order #SH-10001' })).toBeTruthy();
    expect(screen.getByText('Shopper Fashion GmbH')).toBeTruthy();
    expect(screen.getByText('Tax number: DE123456789')).toBeTruthy();
    const row = within(screen.getByRole('table')).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Product 1, size M', '1', '$20.00', '8%', '$20.00']);
    const totals = screen.getByText('Shipping (Express)').closest('dl')!;
    expect(totals.textContent).toContain('Shipping (Express)$15.00');
    expect(totals.textContent).toContain('Tax$1.60');
    expect(totals.textContent).toContain('Total$36.60');
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('shows VAT as included in the total when prices included it', async () => {
    renderReceipt({ pricesIncludeTax: true, taxAmount: 3.19, totalAmount: 20 });
    const total = await screen.findByText('Total');
    const totals = total.closest('dl')!;
    expect(totals.textContent).not.toContain('Tax$');
    expect(totals.textContent).toContain('Total$20.00incl. VAT$3.19');
  });

  it('opens with the order link’s key for a visitor without an account, and keeps it on the way back', async () => {
    const fetchFake = stubApi({
      'GET /api/payment/order/order-1': () =>
        jsonResponse(200, OrderAnswerSchema.parse({ success: true, order: buildOrder() })),
      'GET /api/shop/legal': () => jsonResponse(200, ShopLegalAnswerSchema.parse({ success: true, legal })),
    });
    renderRoutes(
      [{ path: '/order-confirmation/:orderId/receipt', element: <ReceiptPage /> }],
      ['/order-confirmation/order-1/receipt?key=signed-key'],
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Receipt for order #SH-10001' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the order' }).getAttribute('href')).toBe(
      '/order-confirmation/order-1?key=signed-key',
    );
    const read = recordedRequests(fetchFake).find((request) => request.url.pathname === '/api/payment/order/order-1');
    expect(read?.url.searchParams.get('key')).toBe('signed-key');
  });
});
