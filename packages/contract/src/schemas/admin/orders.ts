import { z } from 'zod';
import { ADMIN_MESSAGES as M } from '../../admin-messages.ts';
import { ORDER_STATUSES } from '../../order-rules.ts';
import { OrderSchema } from '../checkout.ts';
import { dollarsSchema } from '../money.ts';
import { ActorSchema, AdminDateSchema, adminListQuerySchema, adminPageSchema } from './common.ts';

const hasNoNul = (value: string) => !value.includes('\u0000');
const text = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, message).refine(hasNoNul, message);

export const ADMIN_ORDER_SORTS = ['createdAt', 'total', 'orderNumber', 'status'] as const;

/** GET /api/admin/orders: status, date range (UTC days, inclusive), customer, q = order number or email. */
export const AdminOrdersQuerySchema = adminListQuerySchema(ADMIN_ORDER_SORTS, 'createdAt')
  .extend({
    status: z.enum(ORDER_STATUSES).optional(),
    from: AdminDateSchema.optional(),
    to: AdminDateSchema.optional(),
    customerId: z.uuid({ error: M.idInvalid }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: M.dateRangeInverted, path: ['from'] });

export const ORDER_EVENT_KINDS = ['placed', 'shipped', 'delivered', 'cancelled', 'refunded', 'refund-failed'] as const;
export const OrderEventSchema = z.object({
  kind: z.enum(ORDER_EVENT_KINDS),
  actor: ActorSchema.nullable(),
  /** Carrier and tracking number, refund amount (dollars) and reason… depending on the kind. */
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export const RefundSchema = z.object({
  id: z.string(),
  amount: z.number(),
  /** The parts of amount that are tax and shipping (docs/shipping-and-taxes.md#refunds). */
  taxAmount: z.number(),
  shippingAmount: z.number(),
  reason: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  providerRefundId: z.string().nullable(),
  /** The provider's reason when it refused; a failed refund can be retried from the back office. */
  lastError: z.string().nullable(),
  /** Provider calls made so far: 1, plus one per retry. */
  attempts: z.number().int(),
  createdAt: z.string(),
});

export const AdminOrderSchema = OrderSchema.extend({
  customer: ActorSchema.nullable(),
  /** Placed through guest checkout: `customer` is the email given at checkout, with no account behind it. */
  guest: z.boolean(),
  timeline: z.array(OrderEventSchema),
  /** Every refund with its reason and provider state, not only those that went through as the customer sees. */
  refunds: z.array(RefundSchema),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

export const AdminOrderSummarySchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  customer: ActorSchema.nullable(),
  guest: z.boolean(),
  totalAmount: z.number(),
  refundedAmount: z.number(),
  itemCount: z.number().int(),
  paymentStatus: z.string(),
});
export const AdminOrdersPageSchema = adminPageSchema(AdminOrderSummarySchema);
export const AdminOrderAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  order: AdminOrderSchema,
});

export const ShipOrderBodySchema = z.object({
  carrier: text(50, M.carrierRequired),
  trackingNumber: text(100, M.trackingRequired),
});
export type ShipOrderBody = z.input<typeof ShipOrderBodySchema>;

/**
 * A return: money back on a delivered order's goods (their share of tax comes with them), the
 * shipping too when the owner chooses, with the items that came back to stock if any.
 */
export const RefundOrderBodySchema = z
  .object({
    amount: dollarsSchema(M.refundAmountInvalid, { min: 0, max: 1_000_000 }),
    /** Also give back what the customer paid for shipping (once per order). */
    refundShipping: z.boolean().default(false),
    reason: text(200, M.refundReasonRequired),
    restock: z
      .array(
        z.object({
          itemId: z.uuid({ error: M.idInvalid }),
          quantity: z.number().int(M.restockQuantityInvalid).min(1, M.restockQuantityInvalid),
        }),
      )
      .max(100)
      .default([]),
  })
  .refine((body) => body.amount > 0 || body.refundShipping, { message: M.refundAmountInvalid, path: ['amount'] });
export type RefundOrderBody = z.input<typeof RefundOrderBodySchema>;

/** POST /api/admin/orders/:id/refunds/:refundId/retry */
export const RefundRetryParamsSchema = z.object({
  id: z.uuid({ error: M.idInvalid }),
  refundId: z.uuid({ error: M.idInvalid }),
});
