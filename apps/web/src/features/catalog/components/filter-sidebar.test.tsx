import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shopper/contract/plain';
import { DEFAULT_LISTING_STATE } from '../hooks/use-listing-params.ts';
import { FilterSidebar } from './filter-sidebar.tsx';

function renderSidebar(rating: number | null = null) {
  const onChange = vi.fn();
  render(
    <FilterSidebar
      pathname="/shop"
      state={{ ...DEFAULT_LISTING_STATE, rating }}
      facets={undefined}
      isFiltered={rating !== null}
      onChange={onChange}
      onClear={vi.fn()}
    />,
  );
  return onChange;
}

describe('FilterSidebar rating filter', () => {
  it('offers every star count of docs/product.md#listing-filters, 5 stars included', () => {
    renderSidebar();
    const names = screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent);
    expect(names).toEqual([
      '★★★★★5 stars',
      '★★★★☆4 stars and up& up',
      '★★★☆☆3 stars and up& up',
      '★★☆☆☆2 stars and up& up',
      '★☆☆☆☆1 star and up& up',
    ]);
  });

  it('names each rating in words, one star in the singular', () => {
    renderSidebar();
    const names = { 5: '5 stars', 4: '4 stars and up', 3: '3 stars and up', 2: '2 stars and up', 1: '1 star and up' };
    for (const [stars, name] of Object.entries(names)) {
      expect(screen.getByRole('radio', { name })).toHaveProperty('value', stars);
    }
  });

  it('picks 5 stars, and clicking the active one clears it', async () => {
    const onChange = renderSidebar();
    await userEvent.click(screen.getByRole('radio', { name: /5 stars/ }));
    expect(onChange).toHaveBeenLastCalledWith({ rating: 5 });
  });

  it('clears the active rating when it is clicked again', async () => {
    const onChange = renderSidebar(5);
    await userEvent.click(screen.getByRole('radio', { name: /5 stars/ }));
    expect(onChange).toHaveBeenLastCalledWith({ rating: null });
  });
});

describe('FilterSidebar price filter', () => {
  it('refuses a negative price with the message the contract gives', async () => {
    const onChange = renderSidebar();
    await userEvent.clear(screen.getByLabelText('Min price'));
    await userEvent.type(screen.getByLabelText('Min price'), '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.priceFilterInvalid);
    expect(onChange).not.toHaveBeenCalled();
  });
});
