import { z } from 'zod';
import { AFTER_PURCHASE_MESSAGES as A } from '../after-purchase-messages.ts';
import { CART_MESSAGES as M } from '../cart-messages.ts';

const hasNoNul = (value: string) => !value.includes('\u0000');
const idSchema = (message: string) =>
  z.string({ error: message }).trim().toLowerCase().min(1, message).max(100, message).refine(hasNoNul, message);

/** POST /api/saved-items: a product in one colour, and the size when one was chosen. */
export const SaveItemBodySchema = z.object({
  productId: idSchema(M.productRequired),
  colourId: idSchema(A.savedColourUnknown),
  size: z
    .string({ error: A.savedSizeUnknown })
    .trim()
    .max(32, A.savedSizeUnknown)
    .refine(hasNoNul, A.savedSizeUnknown)
    .optional(),
});
export type SaveItemBody = z.input<typeof SaveItemBodySchema>;

export const SavedItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  colourId: z.string(),
  colourName: z.string(),
  /** null: no size was chosen. */
  size: z.string().nullable(),
  image: z.string(),
  /** Dollars: the sale price when there is one. */
  price: z.number(),
  /** The chosen size's stock, or the colour's over every size when none was chosen. */
  stock: z.number().int(),
  addedAt: z.string(),
});
export type SavedItem = z.infer<typeof SavedItemSchema>;

export const SavedItemsAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  items: z.array(SavedItemSchema),
});
export type SavedItemsAnswer = z.infer<typeof SavedItemsAnswerSchema>;
