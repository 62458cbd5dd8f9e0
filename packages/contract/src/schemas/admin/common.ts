import { z } from 'zod';
import { ADMIN_MESSAGES as M } from '../../admin-messages.ts';
import { ORDER_DATE_MAX, ORDER_DATE_MIN } from '../../order-rules.ts';
import { orderDaySchema } from '../order-day.ts';

/** Roles that may open the back office, weakest first (decision 018). */
export const STAFF_ROLES = ['staff', 'owner'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** Every account's role; a customer has no back-office access at all. */
export const USER_ROLES = ['customer', ...STAFF_ROLES] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** True when `role` grants at least `minRole` (owner ⊃ staff). */
export function hasRole(role: UserRole, minRole: StaffRole): boolean {
  return USER_ROLES.indexOf(role) >= USER_ROLES.indexOf(minRole);
}

export const ADMIN_PAGE_SIZE_MAX = 100;
export const ADMIN_DEFAULT_PAGE_SIZE = 20;
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

const hasNoNul = (value: string) => !value.includes('\u0000');

/** `?page&pageSize&sort&dir&q` shared by every back-office list; each area adds its own filters. */
export function adminListQuerySchema<const S extends readonly [string, ...string[]]>(sorts: S, defaultSort: S[number]) {
  return z.object({
    page: z.coerce
      .number({ error: M.pageInvalid })
      .int(M.pageInvalid)
      .min(1, M.pageInvalid)
      .max(1_000_000, M.pageInvalid)
      .default(1),
    pageSize: z.coerce
      .number({ error: M.pageSizeInvalid })
      .int(M.pageSizeInvalid)
      .min(1, M.pageSizeInvalid)
      .max(ADMIN_PAGE_SIZE_MAX, M.pageSizeInvalid)
      .default(ADMIN_DEFAULT_PAGE_SIZE),
    sort: z.enum(sorts, { error: M.sortInvalid(sorts) }).default(defaultSort as never),
    dir: z.enum(SORT_DIRECTIONS, { error: M.dirInvalid }).default('desc'),
    q: z
      .string()
      .trim()
      .max(100, M.searchTooLong)
      .refine(hasNoNul, M.searchTooLong)
      .optional()
      .transform((v) => (v ? v : undefined)),
  });
}

/** A list answer: one page of items and the total across pages. */
export function adminPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}
export type AdminPage<T> = { success: true; items: T[]; page: number; pageSize: number; total: number };

export const UuidParamSchema = z.object({ id: z.uuid({ error: M.idInvalid }) });

/**
 * YYYY-MM-DD, whole UTC days; used by date-range filters. Bounded as the customer's order history
 * is: year 0 and a range ending on 9999-12-31 read as dates in JavaScript but not in PostgreSQL.
 */
export const AdminDateSchema = orderDaySchema({
  invalid: M.dateInvalid,
  outOfRange: M.dateOutOfRange(ORDER_DATE_MIN, ORDER_DATE_MAX),
});

/** Who did something in the back office, as lists show it. */
export const ActorSchema = z.object({ id: z.string(), email: z.string(), name: z.string() });
export type Actor = z.infer<typeof ActorSchema>;
