import { z } from 'zod';
import { ADMIN_MESSAGES } from '../admin-messages.ts';
import { AFTER_PURCHASE_MESSAGES } from '../after-purchase-messages.ts';
import { adminListQuerySchema, adminPageSchema } from './admin/common.ts';
import { OrderSchema } from './checkout.ts';
import { dollarsSchema } from './money.ts';

/** POST /api/payment/order/{id}/cancel: the cancelled order, and what happened to the money in words. */
export const CancelOrderAnswerSchema = z.object({ success: z.literal(true), message: z.string(), order: OrderSchema });
export type CancelOrderAnswer = z.infer<typeof CancelOrderAnswerSchema>;

const A = AFTER_PURCHASE_MESSAGES;
const hasNoNul = (value: string) => !value.includes('\u0000');

export const RETURN_STATUSES = ['requested', 'approved', 'refused', 'received', 'refunding', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_REASON_MAX = 500;
export const RETURN_MESSAGE_MAX = 1000;

/** POST /api/payment/order/{id}/returns: the lines and how many of each, with the customer's reason. */
export const ReturnRequestBodySchema = z.object({
  items: z
    .array(
      z.object({
        itemId: z.uuid({ error: A.returnItemUnknown }),
        quantity: z
          .number({ error: A.returnQuantityInvalid })
          .int(A.returnQuantityInvalid)
          .min(1, A.returnQuantityInvalid)
          .max(1000, A.returnQuantityInvalid),
      }),
      { error: A.returnNoItems },
    )
    .min(1, A.returnNoItems)
    .max(100, A.returnNoItems),
  reason: z
    .string({ error: A.returnReasonRequired })
    .trim()
    .min(1, A.returnReasonRequired)
    .max(RETURN_REASON_MAX, A.returnReasonRequired)
    .refine(hasNoNul, A.returnReasonRequired),
});
export type ReturnRequestBody = z.input<typeof ReturnRequestBodySchema>;

export const ReturnLineSchema = z.object({
  itemId: z.string(),
  name: z.string(),
  colourName: z.string(),
  size: z.string(),
  quantity: z.number().int(),
});

/** A return as its customer sees it. */
export const ReturnSchema = z.object({
  id: z.string(),
  returnNumber: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.string(),
  /** What staff wrote when approving or refusing; null until then. */
  staffMessage: z.string().nullable(),
  items: z.array(ReturnLineSchema),
  /** Dollars refunded for this return, once it is. */
  refundedAmount: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Return = z.infer<typeof ReturnSchema>;

/** GET /api/payment/order/{id}/returns: the order's returns, and what may still be asked. */
export const OrderReturnsAnswerSchema = z.object({
  success: z.literal(true),
  /** How many days after delivery returns are accepted, and the last moment for this order (null before delivery). */
  windowDays: z.number().int(),
  returnableUntil: z.string().nullable(),
  /** Per order line, how many can still be asked for (0 when all are on their way back already). */
  returnable: z.array(z.object({ itemId: z.string(), quantity: z.number().int() })),
  returns: z.array(ReturnSchema),
});
export type OrderReturnsAnswer = z.infer<typeof OrderReturnsAnswerSchema>;

export const ReturnAnswerSchema = z.object({ success: z.literal(true), message: z.string(), return: ReturnSchema });

/** The back office's view: the customer and order it belongs to. */
export const AdminReturnSchema = ReturnSchema.extend({
  orderId: z.string(),
  orderNumber: z.string(),
  customer: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
  /** What the refund step would give back by default: the lines' share of what was paid, in dollars. */
  suggestedAmount: z.number(),
});
export type AdminReturn = z.infer<typeof AdminReturnSchema>;
export const AdminReturnAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  return: AdminReturnSchema,
});

export const AdminReturnsQuerySchema = adminListQuerySchema(['createdAt', 'status'] as const, 'createdAt').extend({
  status: z.enum(RETURN_STATUSES, { error: A.returnNotFound }).optional(),
});
export const AdminReturnsPageSchema = adminPageSchema(AdminReturnSchema);

/** Approve: an optional note (where to send the parcel); refuse: the reason is required. */
export const ReturnDecisionBodySchema = z.object({
  message: z
    .string({ error: A.returnMessageTooLong })
    .trim()
    .max(RETURN_MESSAGE_MAX, A.returnMessageTooLong)
    .refine(hasNoNul, A.returnMessageTooLong)
    .default(''),
});
export const ReturnRefuseBodySchema = z.object({
  message: z
    .string({ error: A.returnMessageRequired })
    .trim()
    .min(1, A.returnMessageRequired)
    .max(RETURN_MESSAGE_MAX, A.returnMessageRequired)
    .refine(hasNoNul, A.returnMessageRequired),
});
/** Refund a received return: put the items back on the shelves or not; the amount defaults to the suggested one. */
export const ReturnRefundBodySchema = z.object({
  restock: z.boolean({ error: A.returnQuantityInvalid }),
  amount: dollarsSchema(ADMIN_MESSAGES.refundAmountInvalid, { min: 0.01, max: 1_000_000 }).optional(),
});
