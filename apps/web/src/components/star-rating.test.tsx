import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { StarRating } from './star-rating.tsx';

function filledCount(rating: number): number {
  render(<StarRating rating={rating} />);
  const stars = screen.getByRole('img', { name: `Rated ${Number(rating.toFixed(1))} out of 5` });
  return stars.querySelectorAll('[data-filled="true"]').length;
}

describe('StarRating', () => {
  it.each([
    [0, 0],
    [3.6, 3],
    [3.7, 4],
    [4.3, 4],
    [4.69, 4],
    [4.9, 5],
    [5, 5],
  ])('rating %s fills %s of 5 stars (docs/product.md#constants)', (rating, filled) => {
    expect(filledCount(rating)).toBe(filled);
  });

  it('always draws five stars and names the rating', () => {
    render(<StarRating rating={4.3} />);
    const stars = screen.getByRole('img', { name: 'Rated 4.3 out of 5' });
    expect(stars.children).toHaveLength(5);
  });
});
