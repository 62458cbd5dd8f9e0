import { z } from 'zod';

/**
 * Stand-in until branch bo-access's `common.ts` is merged (same names and shapes): then this file goes.
 * Back-office tables: sortable and paged on the server; `dir` and `pageSize` shared by every list. */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export const ADMIN_PAGE_SIZE = 20;
export const MAX_ADMIN_PAGE_SIZE = 100;

/** Free text of a back-office search box: trimmed, bounded, no NUL bytes (PostgreSQL text refuses them). */
export const adminSearchText = z
  .string()
  .trim()
  .max(100)
  .refine((value) => !value.includes('\u0000'), 'Text may not contain NUL characters');

/** `?page&pageSize&sort&dir&q` of a back-office list with its own sort keys. */
export function adminListQuerySchema<const S extends readonly [string, ...string[]]>(sorts: S, defaultSort: S[number]) {
  return z.object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_ADMIN_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
    sort: z.enum(sorts).default(defaultSort as never),
    dir: z.enum(SORT_DIRECTIONS).default('desc'),
    q: adminSearchText.optional(),
  });
}

/** `{ items, page, pageSize, total }` of a back-office list. */
export function adminPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    items: z.array(item),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    total: z.number().int().nonnegative(),
  });
}
