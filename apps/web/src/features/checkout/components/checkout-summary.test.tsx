import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { SHOP_UI_MESSAGES as UI } from '@shopper/contract/plain';
import { buildCart, buildCartItem, buildColourCartItem, cartSummaryAnswer } from '../../../test/shop-fixtures.ts';
import { CheckoutSummary } from './checkout-summary.tsx';

describe('CheckoutSummary lines (decision 043)', () => {
  it('names the colour of a product in several colours, and only the size of one in one colour', () => {
    const cart = buildCart([
      buildCartItem(),
      buildColourCartItem({ quantity: 2 }),
      buildColourCartItem({ colourId: 'c-navy', colourName: 'Navy', swatch: '#1f2a44' }),
    ]);
    render(<CheckoutSummary cart={cart} summary={cartSummaryAnswer(cart)} />);
    const lines = within(screen.getByRole('region', { name: UI.orderSummary })).getAllByRole('listitem');
    expect(lines.map((line) => line.querySelector('small')?.textContent)).toEqual([
      'Size M · Qty 1',
      'Sage · Size M · Qty 2',
      'Navy · Size M · Qty 1',
    ]);
  });
});
