const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * 'November 21, 2026' for an ISO timestamp, read in UTC; the raw text when it is not a date.
 * For what the server renders: UTC gives the server and every browser the same text, so hydration
 * never mismatches across time zones, and no Intl.DateTimeFormat is built while a page starts
 * (building one is a long task on a slow phone, decision 032).
 */
export function formatUtcDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
