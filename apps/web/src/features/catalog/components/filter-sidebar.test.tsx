import { describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, SHOP_UI_MESSAGES as UI } from '@shopper/contract/plain';
import { ProductFacetsSchema, type ListingState } from '@shopper/contract';
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

describe('FilterSidebar colour filter (decision 043)', () => {
  const facets = ProductFacetsSchema.parse({
    success: true,
    types: [],
    sizes: [],
    brands: [],
    colours: ['black', 'green', 'blue'],
    maxPrice: 100,
  });

  function sidebar(state: Partial<ListingState> = {}, onChange = vi.fn(), onClear = vi.fn()) {
    return (
      <FilterSidebar
        pathname="/shop"
        state={{ ...DEFAULT_LISTING_STATE, ...state }}
        facets={facets}
        isFiltered={(state.colours?.length ?? 0) > 0}
        onChange={onChange}
        onClear={onClear}
      />
    );
  }

  const colourGroup = () => screen.getByRole('group', { name: UI.colourLabel });

  it('offers the families on sale as boxes named by the capitalised family, each with its dot', () => {
    render(sidebar());
    const boxes = within(colourGroup()).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual(['Black', 'Green', 'Blue']);
    expect(boxes.map((box) => (box as HTMLInputElement).name)).toEqual(['colours', 'colours', 'colours']);
    const dot = screen.getByRole('checkbox', { name: 'Green' }).nextElementSibling as HTMLElement;
    expect(dot.getAttribute('aria-hidden')).toBe('true');
    expect(dot.style.backgroundColor).toBe('rgb(94, 140, 74)');
  });

  it('ticks the chosen families, and keeps one shown that the facets no longer list', () => {
    render(sidebar({ colours: ['green', 'purple'] }));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Green' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Blue' }).checked).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Purple' }).checked).toBe(true);
  });

  it('adds a ticked family in the families’ order, and takes an unticked one off', async () => {
    const onChange = vi.fn();
    const view = render(sidebar({ colours: ['blue'] }, onChange));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Black' }));
    expect(onChange).toHaveBeenLastCalledWith({ colours: ['black', 'blue'] });
    view.rerender(sidebar({ colours: ['black', 'blue'] }, onChange));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Blue' }));
    expect(onChange).toHaveBeenLastCalledWith({ colours: ['black'] });
  });

  it('is cleared by Clear filters', async () => {
    const onClear = vi.fn();
    render(sidebar({ colours: ['green'] }, vi.fn(), onClear));
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('shows no colour group when nothing on sale has a colour family', () => {
    render(
      <FilterSidebar
        pathname="/shop"
        state={DEFAULT_LISTING_STATE}
        facets={{ ...facets, colours: [] }}
        isFiltered={false}
        onChange={vi.fn()}
        onClear={vi.fn()}
      />,
    );
    expect(screen.queryByRole('group', { name: UI.colourLabel })).toBeNull();
  });

  it('applies a family ticked before the sidebar hydrated (decision 039)', async () => {
    const onChange = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(sidebar({ colours: ['blue'] }, onChange));
    document.body.append(container);
    container.querySelector<HTMLInputElement>('input[name="colours"][value="green"]')!.click();
    await act(async () => void hydrateRoot(container, sidebar({ colours: ['blue'] }, onChange)));
    expect(onChange).toHaveBeenCalledWith({
      rating: null,
      isDiscountOnly: false,
      sizes: [],
      types: [],
      colours: ['green', 'blue'],
    });
    container.remove();
  });
});
