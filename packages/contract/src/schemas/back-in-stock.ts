import { z } from 'zod';
import { BACK_IN_STOCK_MESSAGES as B } from '../back-in-stock-messages.ts';
import { CART_MESSAGES as M } from '../cart-messages.ts';
import { EmailSchema } from './user.ts';

const hasNoNul = (value: string) => !value.includes('\u0000');
const idSchema = (message: string) =>
  z.string({ error: message }).trim().toLowerCase().min(1, message).max(100, message).refine(hasNoNul, message);

/**
 * POST /api/back-in-stock: a sold-out size of a product in one colour. A guest gives an email (and
 * confirms it by mail); a signed-in shopper gives none, the account's address is used.
 */
export const BackInStockBodySchema = z.object({
  productId: idSchema(M.productRequired),
  colourId: idSchema(B.colourUnknown),
  size: z
    .string({ error: B.sizeRequired })
    .trim()
    .min(1, B.sizeRequired)
    .max(32, B.sizeUnknown)
    .refine(hasNoNul, B.sizeUnknown),
  email: EmailSchema.optional(),
});
export type BackInStockBody = z.input<typeof BackInStockBodySchema>;

/** A link token from a back-in-stock mail (confirm or unsubscribe): opaque, bounded. */
export const BackInStockTokenSchema = z
  .string({ error: B.noToken })
  .trim()
  .min(1, B.noToken)
  .max(200, B.confirmLinkInvalid)
  .refine(hasNoNul, B.confirmLinkInvalid);

export const BackInStockConfirmBodySchema = z.object({ token: BackInStockTokenSchema });
export const BackInStockUnsubscribeQuerySchema = z.object({ token: BackInStockTokenSchema });

export const BackInStockAnswerSchema = z.object({ success: z.literal(true), message: z.string() });
export type BackInStockAnswer = z.infer<typeof BackInStockAnswerSchema>;
