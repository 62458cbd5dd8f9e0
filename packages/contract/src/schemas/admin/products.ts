import { z } from 'zod';
import { ADMIN_CATALOG_MESSAGES as M } from '../../admin-catalog-messages.ts';
import { CATEGORIES } from '../../constants.ts';
import { dollarsSchema } from '../money.ts';
import { adminListQuerySchema, adminPageSchema } from './common.ts';

export const PRODUCT_STATUSES = ['draft', 'published', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_STOCK_FILTERS = ['in', 'low', 'out'] as const;
export const ADMIN_PRODUCT_SORTS = ['name', 'price', 'stock', 'status', 'updatedAt', 'publishedAt'] as const;
export const MAX_PRODUCT_IMAGES = 12;
export const MAX_PRODUCT_SIZES = 30;
export const MAX_STOCK = 100_000;

const noNul = (value: string) => !value.includes('\u0000');

/** A price: one cent up to $100,000. */
const dollars = (message: string) => dollarsSchema(message, { min: 0.01, max: 100_000 });

const label = z.string().trim().min(1, M.tagInvalid).max(40, M.tagInvalid).refine(noNul, M.tagInvalid);
const labels = z.array(label, { error: M.tagInvalid }).max(20, M.tagInvalid);
const sizeName = z
  .string({ error: M.sizeInvalid })
  .trim()
  .min(1, M.sizeInvalid)
  .max(20, M.sizeInvalid)
  .refine(noNul, M.sizeInvalid);
const stockCount = z
  .number({ error: M.stockInvalid })
  .int(M.stockInvalid)
  .min(0, M.stockInvalid)
  .max(MAX_STOCK, M.stockInvalid);

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ProductSlugSchema = z
  .string({ error: M.slugInvalid })
  .trim()
  .min(1, M.slugInvalid)
  .max(120, M.slugInvalid)
  .regex(SLUG_PATTERN, M.slugInvalid);

/** Every product field (docs/product.md#entities) a person edits; prices in dollars, sizes in picker order. */
const productFields = {
  name: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, M.nameRequired)
    .min(2, M.nameLength)
    .max(120, M.nameLength)
    .refine(noNul, M.nameLength),
  slug: ProductSlugSchema,
  category: z.enum(CATEGORIES, { error: M.categoryInvalid }),
  brand: z
    .string({ error: M.brandRequired })
    .trim()
    .min(1, M.brandRequired)
    .max(60, M.brandRequired)
    .refine(noNul, M.brandRequired),
  shortDescription: z.string().trim().max(300, M.descriptionTooLong).refine(noNul, M.descriptionTooLong),
  longDescription: z.string().trim().max(5000, M.descriptionTooLong).refine(noNul, M.descriptionTooLong),
  tags: labels,
  types: labels,
  price: dollars(M.priceInvalid),
  /** null: not on sale (new_price 0 in docs/product.md#entities). */
  salePrice: dollars(M.priceInvalid).nullable(),
  sizes: z
    .array(sizeName, { error: M.sizesRequired })
    .min(1, M.sizesRequired)
    .max(MAX_PRODUCT_SIZES, M.sizesRequired)
    .refine((sizes) => new Set(sizes.map((s) => s.toLowerCase())).size === sizes.length, M.sizesDuplicate),
};

const salePriceBelowPrice = (value: { price?: number | undefined; salePrice?: number | null | undefined }) =>
  value.salePrice == null || value.price === undefined || value.salePrice < value.price;

/** POST /api/admin/products: a new product, a draft unless `status` says otherwise. */
export const ProductCreateBodySchema = z
  .object({
    ...productFields,
    slug: ProductSlugSchema.optional(),
    shortDescription: productFields.shortDescription.default(''),
    longDescription: productFields.longDescription.default(''),
    tags: labels.default([]),
    types: labels.default([]),
    salePrice: productFields.salePrice.default(null),
    /** Opening stock per size; sizes not named start at 0. Later changes go through the stock screen. */
    stock: z.record(z.string(), stockCount).default({}),
    status: z.enum(['draft', 'published']).default('draft'),
  })
  .refine(salePriceBelowPrice, { message: M.salePriceNotBelow, path: ['salePrice'] })
  .refine((value) => Object.keys(value.stock).every((size) => value.sizes.includes(size)), {
    message: M.stockForUnknownSize,
    path: ['stock'],
  });
export type ProductCreateBody = z.input<typeof ProductCreateBodySchema>;

/** PATCH /api/admin/products/{id}: any of the fields; sizes keep their stock, new ones start at 0. */
export const ProductUpdateBodySchema = z
  .object(productFields)
  .partial()
  .refine(salePriceBelowPrice, { message: M.salePriceNotBelow, path: ['salePrice'] });
export type ProductUpdateBody = z.input<typeof ProductUpdateBodySchema>;

export const ProductStatusBodySchema = z.object({ status: z.enum(PRODUCT_STATUSES) });

/** PUT /api/admin/products/{id}/images: the gallery in order; an image left out is deleted. */
export const ProductGalleryBodySchema = z.object({
  images: z.array(z.string().min(1).max(500)).max(MAX_PRODUCT_IMAGES),
  mainImage: z.string().min(1).max(500).optional(),
});
export type ProductGalleryBody = z.infer<typeof ProductGalleryBodySchema>;

export const AdminProductImageSchema = z.object({
  url: z.string(),
  isMain: z.boolean(),
  /** Uploaded (re-encoded variants) rather than a generated demo picture. */
  isUploaded: z.boolean(),
  srcSet: z.string().optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});

export const AdminProductSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  brand: z.string(),
  category: z.enum(CATEGORIES),
  status: z.enum(PRODUCT_STATUSES),
  shortDescription: z.string(),
  longDescription: z.string(),
  tags: z.array(z.string()),
  types: z.array(z.string()),
  price: z.number(),
  salePrice: z.number().nullable(),
  sizes: z.array(z.object({ size: z.string(), stock: z.number().int() })),
  totalStock: z.number().int(),
  images: z.array(AdminProductImageSchema),
  rating: z.number(),
  reviewCount: z.number().int(),
  publishedAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

export const AdminProductAnswerSchema = z.object({ success: z.literal(true), product: AdminProductSchema });

export const AdminProductListQuerySchema = adminListQuerySchema(ADMIN_PRODUCT_SORTS, 'updatedAt').extend({
  category: z.enum(CATEGORIES).optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  stock: z.enum(PRODUCT_STOCK_FILTERS).optional(),
});
export type AdminProductListQuery = z.infer<typeof AdminProductListQuerySchema>;

export const AdminProductListSchema = adminPageSchema(AdminProductSchema);
export type AdminProductList = z.infer<typeof AdminProductListSchema>;

export const SlugCheckQuerySchema = z.object({
  slug: z
    .string()
    .trim()
    .max(200)
    .refine((value) => !value.includes('\u0000')),
  excludeId: z.string().max(100).optional(),
});
export const SlugCheckAnswerSchema = z.object({
  available: z.boolean(),
  /** Why not: malformed or taken. */
  message: z.string().optional(),
});
