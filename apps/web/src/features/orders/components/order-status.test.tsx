import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { OrderStatus } from '@shopper/contract';
import { StatusTracker } from './order-status.tsx';

function reachedSteps(status: OrderStatus): string[] {
  render(<StatusTracker status={status} />);
  const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
  return steps
    .filter((step) => step.dataset.reached === 'true')
    .map((step) => step.textContent?.match(/Processing|Shipped|Delivered/)?.[0] ?? '');
}

describe('StatusTracker (docs/product.md#order-status)', () => {
  it.each([
    ['Processing', ['Processing']],
    ['Shipped', ['Processing', 'Shipped']],
    ['Delivered', ['Processing', 'Shipped', 'Delivered']],
    ['Cancelled', []],
  ] as const)('highlights for %s: %j', (status, expected) => {
    expect(reachedSteps(status)).toEqual(expected);
  });

  it('marks the current step', () => {
    render(<StatusTracker status="Shipped" />);
    expect(screen.getByText('Shipped').closest('li')?.getAttribute('aria-current')).toBe('step');
  });
});
