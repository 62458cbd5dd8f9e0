import { describe, expect, it } from 'vitest';
import { paginationWindow, totalPagesFor } from './pagination.ts';

describe('paginationWindow (docs/product.md#listing)', () => {
  it('shows every page when there are five or fewer', () => {
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows nothing without pages', () => {
    expect(paginationWindow(1, 0)).toEqual([]);
  });

  it('keeps first and last with an ellipsis on the far side at the start', () => {
    expect(paginationWindow(1, 10)).toEqual([1, 2, 3, 4, 'ellipsis-end', 10]);
    expect(paginationWindow(3, 10)).toEqual([1, 2, 3, 4, 'ellipsis-end', 10]);
  });

  it('puts a window around the current page in the middle', () => {
    expect(paginationWindow(5, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]);
  });

  it('mirrors the start at the end', () => {
    expect(paginationWindow(10, 10)).toEqual([1, 'ellipsis-start', 7, 8, 9, 10]);
    expect(paginationWindow(8, 10)).toEqual([1, 'ellipsis-start', 7, 8, 9, 10]);
  });

  it('needs no ellipsis for six pages in the middle', () => {
    expect(paginationWindow(4, 6)).toEqual([1, 'ellipsis-start', 3, 4, 5, 6]);
  });

  it('clamps a page outside the range', () => {
    expect(paginationWindow(99, 10)).toEqual(paginationWindow(10, 10));
    expect(paginationWindow(-3, 10)).toEqual(paginationWindow(1, 10));
  });
});

describe('totalPagesFor', () => {
  it('rounds up and never answers zero pages', () => {
    expect(totalPagesFor(0, 12)).toBe(1);
    expect(totalPagesFor(12, 12)).toBe(1);
    expect(totalPagesFor(13, 12)).toBe(2);
  });
});
