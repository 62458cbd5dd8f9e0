import { z } from 'zod';
import { ADMIN_MESSAGES as M } from '../../admin-messages.ts';
import { AddressSchema } from '../user.ts';
import { adminListQuerySchema, adminPageSchema, USER_ROLES } from './common.ts';

const hasNoNul = (value: string) => !value.includes('\u0000');

export const ADMIN_CUSTOMER_SORTS = ['createdAt', 'name', 'email', 'lifetimeSpend', 'orderCount'] as const;
export type AdminCustomerSort = (typeof ADMIN_CUSTOMER_SORTS)[number];
/** Disabled wins over the storefront’s unverified / active (docs/product.md#entities). */
export const CUSTOMER_STATUSES = ['active', 'unverified', 'disabled'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

/** GET /api/admin/customers: q searches email and name; status narrows; sorted and paged on the server. */
export const AdminCustomersQuerySchema = adminListQuerySchema(ADMIN_CUSTOMER_SORTS, 'createdAt').extend({
  status: z.enum(CUSTOMER_STATUSES, { error: M.customerStatusInvalid }).optional(),
});

/** One row of the customer list; money in dollars, net of refunds. */
export const AdminCustomerSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
  status: z.enum(CUSTOMER_STATUSES),
  createdAt: z.string(),
  orderCount: z.number().int(),
  lifetimeSpend: z.number(),
  lastOrderAt: z.string().nullable(),
});
export type AdminCustomerSummary = z.infer<typeof AdminCustomerSummarySchema>;
export const AdminCustomersPageSchema = adminPageSchema(AdminCustomerSummarySchema);

/** The customer detail: profile, figures (computed in SQL) and why the account is disabled, if it is. */
export const AdminCustomerSchema = AdminCustomerSummarySchema.extend({
  phone: z.string(),
  address: AddressSchema.nullable(),
  isEmailVerified: z.boolean(),
  /** Paid for, before refunds. */
  grossSpend: z.number(),
  refunded: z.number(),
  averageOrder: z.number(),
  firstOrderAt: z.string().nullable(),
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
});
export type AdminCustomer = z.infer<typeof AdminCustomerSchema>;

export const AdminCustomerAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  customer: AdminCustomerSchema,
});

/** Disable or re-enable: staff always say why; the reason is kept on the account and in the audit log. */
export const CustomerStatusBodySchema = z.object(
  {
    reason: z
      .string({ error: M.customerReasonRequired })
      .trim()
      .min(3, M.customerReasonRequired)
      .max(300, M.customerReasonRequired)
      .refine(hasNoNul, M.customerReasonRequired),
  },
  { error: M.customerReasonRequired },
);
export type CustomerStatusBody = z.input<typeof CustomerStatusBodySchema>;
