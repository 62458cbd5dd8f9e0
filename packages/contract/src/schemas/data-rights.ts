import { z } from 'zod';
import { DATA_RIGHTS_MESSAGES as M } from '../data-rights.ts';

export const EraseAccountBodySchema = z.object({
  password: z
    .string({ error: M.erasePasswordRequired })
    .min(1, M.erasePasswordRequired)
    .max(200, M.erasePasswordRequired),
});
export type EraseAccountBody = z.infer<typeof EraseAccountBodySchema>;

const Address = z.object({
  /** The profile's address, an entry of the address book, or where an order was sent. */
  source: z.enum(['profile', 'address-book', 'order']),
  label: z.string().optional(),
  isDefault: z.boolean().optional(),
  name: z.string().optional(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  phone: z.string().optional(),
});

/** Everything the shop holds about one customer, as the export file has it. */
export const CustomerDataExportSchema = z.object({
  exportedAt: z.string(),
  profile: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    phone: z.string(),
    isEmailVerified: z.boolean(),
    role: z.string(),
    termsAcceptedAt: z.string().nullable(),
    disabledAt: z.string().nullable(),
    createdAt: z.string(),
  }),
  addresses: z.array(Address),
  orders: z.array(z.record(z.string(), z.unknown())),
  reviews: z.array(z.record(z.string(), z.unknown())),
  newsletter: z.array(z.object({ status: z.string(), createdAt: z.string(), confirmedAt: z.string().nullable() })),
  savedItems: z.object({
    cart: z.array(z.record(z.string(), z.unknown())),
    coupon: z.string().nullable(),
    savedCards: z.array(
      z.object({ brand: z.string(), expMonth: z.number().nullable(), expYear: z.number().nullable() }),
    ),
  }),
  /** Returns asked for, with the customer's own words. */
  returns: z.array(z.record(z.string(), z.unknown())),
  /** Saved items: the heart on products. */
  wishlist: z.array(
    z.object({ productId: z.string(), colourId: z.string(), size: z.string().nullable(), createdAt: z.string() }),
  ),
  /** "Notify me when it's back" requests made with the account or its address, open or done. */
  backInStock: z.array(
    z.object({
      productId: z.string(),
      colourId: z.string(),
      size: z.string(),
      status: z.string(),
      createdAt: z.string(),
      notifiedAt: z.string().nullable(),
    }),
  ),
  sessions: z.array(
    z.object({
      id: z.string(),
      userAgent: z.string(),
      ip: z.string(),
      createdAt: z.string(),
      lastUsedAt: z.string(),
      expiresAt: z.string(),
      revokedAt: z.string().nullable(),
    }),
  ),
});
export type CustomerDataExport = z.infer<typeof CustomerDataExportSchema>;
