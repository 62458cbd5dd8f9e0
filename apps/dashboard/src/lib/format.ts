const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The admin API answers money in dollars (as the storefront's prices); shown as $1,234.50. */
export function formatMoney(amount: number): string {
  return dollars.format(amount);
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateOnly.format(date);
}
