import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
  it('offers every star count of SPEC §5, 5 stars included', () => {
    renderSidebar();
    const names = screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent);
    expect(names).toEqual([
      '★★★★★5 stars',
      '★★★★☆4 stars and up& up',
      '★★★☆☆3 stars and up& up',
      '★★☆☆☆2 stars and up& up',
      '★☆☆☆☆1 stars and up& up',
    ]);
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
