import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderPage } from '../../../test/render.tsx';
import { buildOrder, buildOrderWithColours } from '../../../test/shop-fixtures.ts';
import { OrderCard } from './order-card.tsx';

describe('OrderCard', () => {
  it('names the colour bought of a line that has one, and only the size of one that has none (decision 043)', () => {
    renderPage(<OrderCard order={buildOrderWithColours()} />);
    const [shirt, tee] = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(within(shirt!).getByText('Linen Shirt')).toBeTruthy();
    expect(within(shirt!).getByText('Sage · Size M · Qty 1')).toBeTruthy();
    expect(within(tee!).getByText('Size M · Qty 1')).toBeTruthy();
  });

  it('shows the first 3 items then +N more item(s)', () => {
    renderPage(<OrderCard order={buildOrder({}, 5)} />);
    const items = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Product 1'),
      expect.stringContaining('Product 2'),
      expect.stringContaining('Product 3'),
    ]);
    expect(screen.getByText('+2 more item(s)')).toBeTruthy();
  });

  it('shows no more-items line for 3 items or fewer, and links to the details', () => {
    renderPage(<OrderCard order={buildOrder({ _id: 'o-7', orderNumber: 'SH-7' }, 3)} />);
    expect(screen.queryByText(/more item/)).toBeNull();
    expect(screen.getByText('$64.80')).toBeTruthy();
    expect(screen.getByText('Processing', { selector: '[data-status]' })).toBeTruthy();
    expect(screen.getByText('Processing', { selector: 'li *' }).closest('li')?.dataset.reached).toBe('true');
    expect(screen.getByRole('link', { name: /View details/ }).getAttribute('href')).toBe('/order-confirmation/o-7');
  });

  it('shows where the order is: the tracker, the tracking number and what a return gave back', () => {
    renderPage(
      <OrderCard
        order={buildOrder({
          orderStatus: 'Delivered',
          carrier: 'DHL',
          trackingNumber: 'JD0146',
          trackingUrl: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id=JD0146',
          shippedAt: '2026-11-22T12:00:00.000Z',
          deliveredAt: '2026-11-23T12:00:00.000Z',
          refundedAmount: 5,
          refunds: [{ amount: 5, taxAmount: 0.37, shippingAmount: 0, createdAt: '2026-11-25T12:00:00.000Z' }],
        })}
      />,
    );
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.dataset.reached)).toEqual(['true', 'true', 'true']);
    expect(screen.getByRole('link', { name: /JD0146/ }).getAttribute('href')).toContain('tracking-id=JD0146');
    expect(screen.getByText(/Refunded \$5\.00/)).toBeTruthy();
  });

  it('shows a cancelled order as cancelled and refunded, without a tracker', () => {
    renderPage(
      <OrderCard
        order={buildOrder({ orderStatus: 'Cancelled', cancelledAt: '2026-11-22T12:00:00.000Z', refundedAmount: 21.6 })}
      />,
    );
    expect(screen.getByText('Cancelled')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Order progress' })).toBeNull();
    expect(
      screen.getByText('This order was cancelled on November 22, 2026. $21.60 refunded to your card.'),
    ).toBeTruthy();
  });
});
