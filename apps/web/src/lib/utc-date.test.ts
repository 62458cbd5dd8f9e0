import { describe, expect, it } from 'vitest';
import { formatUtcDate } from './utc-date.ts';

describe('formatUtcDate', () => {
  it('writes the month in full, the day and the year, as en-US does', () => {
    expect(formatUtcDate('2026-11-21T10:00:00.000Z')).toBe('November 21, 2026');
    expect(formatUtcDate('2026-01-05T00:00:00.000Z')).toBe('January 5, 2026');
  });

  it('reads the timestamp in UTC, whatever the time zone of the machine', () => {
    expect(formatUtcDate('2026-03-31T23:59:59.999Z')).toBe('March 31, 2026');
    expect(formatUtcDate('2026-04-01T00:30:00+02:00')).toBe('March 31, 2026');
  });

  it('gives back what is not a date as it is', () => {
    expect(formatUtcDate('not a date')).toBe('not a date');
    expect(formatUtcDate('')).toBe('');
  });
});
