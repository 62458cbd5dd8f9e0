import { z } from 'zod';
import {
  STORE_PAGE_MARKDOWN_MAX,
  STORE_PAGE_MESSAGES as M,
  STORE_PAGE_SLUGS,
  STORE_PAGE_TITLE_MAX,
} from '../store-pages.ts';

const hasNoNul = (value: string) => !value.includes('\u0000');

/** Any short text: an unknown slug answers 404, as an unknown page does. */
export const StorePageSlugParamsSchema = z.object({ slug: z.string().max(100, M.notFound) });

/** A page as visitors read it: the HTML is rendered from Markdown and sanitised by the server. */
export const StorePageSchema = z.object({
  slug: z.enum(STORE_PAGE_SLUGS),
  title: z.string(),
  html: z.string(),
  /** True while the page still has the shop's starter text (never edited). */
  isStarter: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type StorePage = z.infer<typeof StorePageSchema>;

export const StorePageAnswerSchema = z.object({ success: z.literal(true), page: StorePageSchema });
export type StorePageAnswer = z.infer<typeof StorePageAnswerSchema>;

/** The back office's view: the Markdown too. */
export const AdminStorePageSchema = StorePageSchema.extend({ markdown: z.string() });
export type AdminStorePage = z.infer<typeof AdminStorePageSchema>;

export const AdminStorePageListAnswerSchema = z.object({
  success: z.literal(true),
  pages: z.array(AdminStorePageSchema),
});
export const AdminStorePageAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  page: AdminStorePageSchema,
});

export const StorePageBodySchema = z.object({
  title: z
    .string({ error: M.titleRequired })
    .trim()
    .min(1, M.titleRequired)
    .max(STORE_PAGE_TITLE_MAX, M.titleTooLong)
    .refine(hasNoNul, M.titleRequired),
  markdown: z
    .string({ error: M.markdownRequired })
    .max(STORE_PAGE_MARKDOWN_MAX, M.markdownTooLong)
    .refine((value) => value.trim().length > 0, M.markdownRequired),
});
export type StorePageBody = z.infer<typeof StorePageBodySchema>;
