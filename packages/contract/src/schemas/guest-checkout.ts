import { z } from 'zod';
import { GUEST_CHECKOUT_MESSAGES as M } from '../guest-checkout-messages.ts';
import { OrderSchema } from './checkout.ts';
import { EmailSchema } from './user.ts';

/** SH- and the digits of order_number_seq; case and spaces forgiven. */
export const ORDER_NUMBER_PATTERN = /^SH-\d{1,18}$/;

/** POST /api/payment/order-lookup: a guest finds an order with the email given at checkout. */
export const OrderLookupBodySchema = z.object({
  email: EmailSchema,
  orderNumber: z
    .string({ error: M.orderNumberRequired })
    .trim()
    .toUpperCase()
    .min(1, M.orderNumberRequired)
    .max(40, M.orderNumberInvalid)
    .refine((value) => ORDER_NUMBER_PATTERN.test(value), M.orderNumberInvalid),
});
export type OrderLookupBody = z.input<typeof OrderLookupBodySchema>;

/** The order, and the key that opens its page (the same one the confirmation mail's link carries). */
export const OrderLookupAnswerSchema = z.object({
  success: z.literal(true),
  order: OrderSchema,
  accessKey: z.string(),
});
export type OrderLookupAnswer = z.infer<typeof OrderLookupAnswerSchema>;

/** `?key=`: a guest order's signed access key; absent, the order is read as the caller's own. */
export const OrderAccessQuerySchema = z.object({ key: z.string().max(200).optional() });
