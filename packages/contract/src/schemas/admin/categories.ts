import { z } from 'zod';
import { ADMIN_MESSAGES as M } from '../../admin-messages.ts';
import { CategoryBannerSchema, CategoryInfoSchema } from '../product.ts';

const hasNoNul = (value: string) => !value.includes('\u0000');

/** The banners that ship with the shop: always a valid choice, whatever was uploaded. */
export const BUILT_IN_BANNERS = [
  {
    image: '/images/banners/men.svg',
    alt: "Men's collection: a jacket, a shirt and jeans on a deep blue backdrop",
    width: 1440,
    height: 360,
  },
  {
    image: '/images/banners/women.svg',
    alt: "Women's collection: a dress, a cardigan and a skirt on a warm rose backdrop",
    width: 1440,
    height: 360,
  },
  {
    image: '/images/banners/kids.svg',
    alt: "Kids' collection: a hoodie, a romper and shorts on a sunny yellow backdrop",
    width: 1440,
    height: 360,
  },
] as const;

/** GET /api/admin/categories */
export const AdminCategoriesAnswerSchema = z.object({
  success: z.literal(true),
  categories: z.array(CategoryInfoSchema),
  builtInBanners: z.array(CategoryBannerSchema),
});
export type AdminCategoriesAnswer = z.infer<typeof AdminCategoriesAnswerSchema>;

export const CategorySlugParamSchema = z.object({ slug: z.string().max(50) });

/** PUT /api/admin/categories/:slug/banner: a built-in banner, an uploaded one, or an https address. */
export const CategoryBannerBodySchema = z.object({
  image: z
    .string({ error: M.bannerImageInvalid })
    .trim()
    .min(1, M.bannerImageInvalid)
    .max(500, M.bannerImageInvalid)
    .refine((v) => /^(\/images\/[\w./-]+|https:\/\/[^\s"'<>]+)$/.test(v) && !v.includes('..'), M.bannerImageInvalid),
  alt: z
    .string({ error: M.bannerAltInvalid })
    .trim()
    .min(1, M.bannerAltInvalid)
    .max(200, M.bannerAltInvalid)
    .refine(hasNoNul, M.bannerAltInvalid),
  width: z
    .number({ error: M.bannerSizeInvalid })
    .int(M.bannerSizeInvalid)
    .min(1, M.bannerSizeInvalid)
    .max(10_000, M.bannerSizeInvalid),
  height: z
    .number({ error: M.bannerSizeInvalid })
    .int(M.bannerSizeInvalid)
    .min(1, M.bannerSizeInvalid)
    .max(10_000, M.bannerSizeInvalid),
});
export type CategoryBannerBody = z.input<typeof CategoryBannerBodySchema>;

export const AdminCategoryAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  category: CategoryInfoSchema,
});

/** POST /api/admin/categories/banner-images: an uploaded picture, re-encoded, ready to be chosen. */
export const BannerUploadAnswerSchema = z.object({
  success: z.literal(true),
  banner: z.object({ image: z.string(), width: z.number().int(), height: z.number().int() }),
});
export type BannerUploadAnswer = z.infer<typeof BannerUploadAnswerSchema>;
