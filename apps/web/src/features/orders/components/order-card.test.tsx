import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderPage } from '../../../test/render.tsx';
import { buildOrder } from '../../../test/shop-fixtures.ts';
import { OrderCard } from './order-card.tsx';

describe('OrderCard', () => {
  it('shows the first 3 items then +N more item(s)', () => {
    renderPage(<OrderCard order={buildOrder({}, 5)} />);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
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
    expect(screen.getByText('Processing')).toBeTruthy();
    expect(screen.getByRole('link', { name: /View details/ }).getAttribute('href')).toBe('/order-confirmation/o-7');
  });
});
