import { z } from 'zod';
import { hasWholeCents } from '../pricing.ts';

/**
 * Dollars as a request carries them: a whole number of cents from `min` to `max`, one message for
 * every way it can be wrong (given once: the first failed check ends the field). Money is stored
 * as integer cents under checks (a price above 0…), so an amount with a fraction of a cent,
 * however small, is refused here rather than rounded there.
 */
export function dollarsSchema(message: string, range: { min: number; max: number }) {
  return z
    .number({ error: message })
    .min(range.min, { error: message, abort: true })
    .max(range.max, { error: message, abort: true })
    .refine(hasWholeCents, message);
}
