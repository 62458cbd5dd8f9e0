import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RefundOrderBody } from '@shopper/contract';
import { adminOrder } from '../../../test/orders.ts';
import { RefundForm } from './refund-form.tsx';

/**
 * Delivered: $40 of goods with $3.20 tax (8 %), Express at $5 with $0.40 tax, $48.60 in all. The
 * goods and their tax are $43.20 of it, shipping with its tax $5.40.
 */
const delivered = adminOrder({
  orderStatus: 'Delivered',
  cancelledAt: null,
  deliveredAt: '2026-11-22T10:00:00.000Z',
  shippingMethod: 'express',
  shippingMethodName: 'Express',
  shippingAmount: 5,
  shippingTaxAmount: 0.4,
  taxAmount: 3.6,
  totalAmount: 48.6,
});

const part = (name: string) => {
  const row = within(screen.getByLabelText('This refund')).getByText(name).parentElement;
  return row?.querySelector('dd')?.textContent;
};

describe('the refund form', () => {
  it('shows the tax and shipping parts before confirming, and sends refundShipping when ticked', async () => {
    const user = userEvent.setup();
    const onRefund = vi.fn<(body: RefundOrderBody) => Promise<unknown>>().mockResolvedValue(undefined);
    render(<RefundForm order={delivered} onRefund={onRefund} />);

    const amount = screen.getByLabelText<HTMLInputElement>('Amount to refund ($)');
    expect(amount.value).toBe('43.2');
    expect(screen.getByText('On the goods, tax included: at most $43.20.')).toBeTruthy();
    expect(part('Tax part')).toBe('$3.20');
    expect(part('Shipping part')).toBe('$0.00');

    await user.clear(amount);
    await user.type(amount, '21.60');
    expect(part('Tax part')).toBe('$1.60');
    expect(part('Refund in all')).toBe('$21.60');

    const shipping = screen.getByRole('checkbox', { name: /Refund shipping/ });
    expect(screen.getByText('($5.40, its tax included)')).toBeTruthy();
    await user.click(shipping);
    expect(part('Tax part')).toBe('$2.00');
    expect(part('Shipping part')).toBe('$5.40');
    expect(part('Refund in all')).toBe('$27.00');

    await user.type(screen.getByLabelText('Reason'), 'Too small');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(onRefund).toHaveBeenCalledWith({ amount: 21.6, refundShipping: true, reason: 'Too small', restock: [] });
  });

  it('offers shipping no more once it was refunded, and counts the goods already given back', () => {
    const refunded = adminOrder({
      ...delivered,
      refundedAmount: 27,
      refunds: [
        {
          id: 'r1',
          amount: 27,
          taxAmount: 2,
          shippingAmount: 5.4,
          reason: 'Too small',
          status: 'succeeded',
          providerRefundId: 're_1',
          lastError: null,
          attempts: 1,
          createdAt: '2026-11-23T10:00:00.000Z',
        },
      ],
    });
    render(<RefundForm order={refunded} onRefund={vi.fn()} />);
    const shipping = screen.getByRole<HTMLInputElement>('checkbox', { name: /Refund shipping/ });
    expect(shipping.disabled).toBe(true);
    expect(screen.getByText('(already refunded)')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Amount to refund ($)').value).toBe('21.6');
    // The last of the goods takes exactly the tax left: $3.20 − $1.60.
    expect(part('Tax part')).toBe('$1.60');
  });

  it('says shipping was free when there is none to give back', () => {
    render(<RefundForm order={adminOrder({ orderStatus: 'Delivered' })} onRefund={vi.fn()} />);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /Refund shipping/ }).disabled).toBe(true);
    expect(screen.getByText('(free on this order)')).toBeTruthy();
  });
});
