import { z } from 'zod';
import { ORDER_DATE_MAX, ORDER_DATE_MIN } from '../order-rules.ts';

/**
 * A day of an order list's date filter: YYYY-MM-DD from ORDER_DATE_MIN to ORDER_DATE_MAX. The
 * customer's history and the back office share the bounds and word their own messages.
 */
export function orderDaySchema(messages: { invalid: string; outOfRange: string }) {
  return (
    z.iso
      .date(messages.invalid)
      // Fixed-width YYYY-MM-DD strings order like the dates they name.
      .refine((day) => day >= ORDER_DATE_MIN && day <= ORDER_DATE_MAX, messages.outOfRange)
  );
}
