import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderPage } from '../../../test/render.tsx';
import { buildOrder } from '../../../test/shop-fixtures.ts';
import { OrderProgress, TrackingDetails } from './order-progress.tsx';

const shipped = {
  orderStatus: 'Shipped' as const,
  carrier: 'UPS',
  trackingNumber: '1Z999AA10123456784',
  trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  shippedAt: '2026-11-22T12:00:00.000Z',
};

describe('OrderProgress', () => {
  it('moves the tracker on and dates each step reached', () => {
    renderPage(<OrderProgress order={buildOrder({ ...shipped })} />);
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.dataset.reached)).toEqual(['true', 'true', 'false']);
    expect(steps[0]?.textContent).toContain('Nov 21, 2026');
    expect(steps[1]?.textContent).toContain('Nov 22, 2026');
    expect(steps[1]?.getAttribute('aria-current')).toBe('step');
    expect(steps[2]?.querySelector('time')).toBeNull();
  });

  it('shows a delivered order fully reached', () => {
    renderPage(
      <OrderProgress
        order={buildOrder({ ...shipped, orderStatus: 'Delivered', deliveredAt: '2026-11-24T12:00:00.000Z' })}
      />,
    );
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.dataset.reached)).toEqual(['true', 'true', 'true']);
    expect(steps[2]?.textContent).toContain('Nov 24, 2026');
  });

  it('shows a cancelled order as cancelled with the refunded amount, not on the tracker', () => {
    renderPage(
      <OrderProgress
        order={buildOrder({ orderStatus: 'Cancelled', cancelledAt: '2026-11-22T12:00:00.000Z', refundedAmount: 21.6 })}
      />,
    );
    expect(screen.queryByRole('list', { name: 'Order progress' })).toBeNull();
    expect(
      screen.getByText('This order was cancelled on November 22, 2026. $21.60 refunded to your card.'),
    ).toBeTruthy();
  });

  it('says a cancelled order with nothing refunded was cancelled, and no more', () => {
    renderPage(<OrderProgress order={buildOrder({ orderStatus: 'Cancelled' })} />);
    expect(screen.getByText('This order was cancelled.')).toBeTruthy();
    expect(screen.queryByText(/refunded/)).toBeNull();
  });
});

describe('TrackingDetails', () => {
  it('shows the carrier and the number as a link to the carrier’s page, in a new tab', () => {
    renderPage(<TrackingDetails order={buildOrder({ ...shipped })} />);
    expect(screen.getByText('UPS')).toBeTruthy();
    const link = screen.getByRole('link', { name: /1Z999AA10123456784/ });
    expect(link.getAttribute('href')).toBe(shipped.trackingUrl);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows the number as text when there is no carrier page, and nothing before shipping', () => {
    const { unmount } = renderPage(
      <TrackingDetails order={buildOrder({ ...shipped, carrier: 'Corner Couriers', trackingUrl: null })} />,
    );
    expect(screen.getByText('1Z999AA10123456784')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    unmount();
    const { container } = renderPage(<TrackingDetails order={buildOrder()} />);
    expect(container.textContent).toBe('');
  });
});
