import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination } from './pagination.tsx';

function pageLabels() {
  const nav = screen.getByRole('navigation', { name: 'Pagination' });
  return within(nav)
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((button) => button.textContent);
}

describe('Pagination', () => {
  it('shows every page when there are five or fewer', () => {
    render(<Pagination page={2} totalPages={5} onPageChange={() => {}} />);
    expect(pageLabels()).toEqual(['1', '2', '3', '4', '5']);
  });

  it('shows first, last and a window around the current page with ellipses', () => {
    const { container } = render(<Pagination page={6} totalPages={12} onPageChange={() => {}} />);
    expect(pageLabels()).toEqual(['1', '5', '6', '7', '12']);
    expect(container.textContent?.match(/…/g)).toHaveLength(2);
  });

  it('marks only the current page with aria-current', () => {
    render(<Pagination page={3} totalPages={8} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Page 1' }).hasAttribute('aria-current')).toBe(false);
  });

  it('disables Previous on the first page and Next on the last', () => {
    const { rerender } = render(<Pagination page={1} totalPages={4} onPageChange={() => {}} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous page' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next page' }).disabled).toBe(false);
    rerender(<Pagination page={4} totalPages={4} onPageChange={() => {}} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous page' }).disabled).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next page' }).disabled).toBe(true);
  });

  it('reports the chosen page', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={2} totalPages={4} onPageChange={onPageChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(onPageChange.mock.calls).toEqual([[3], [4]]);
  });

  it('renders nothing for a single page', () => {
    render(<Pagination page={1} totalPages={1} onPageChange={() => {}} />);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('with hrefFor, pages are links that work without JavaScript; a plain click still reports the page', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={1} totalPages={3} onPageChange={onPageChange} hrefFor={(page) => `/shop?page=${page}`} />);
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe('/shop?page=2');
    expect(screen.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/shop?page=2');
    // Nothing before the first page: Previous stays a disabled button, not a link.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous page' }).disabled).toBe(true);
    await userEvent.click(screen.getByRole('link', { name: 'Page 3' }));
    expect(onPageChange.mock.calls).toEqual([[3]]);
  });
});
