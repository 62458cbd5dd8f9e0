import { z } from 'zod';
import { ADMIN_CATALOG_MESSAGES as M } from '../../admin-catalog-messages.ts';
import { CATEGORIES, COLOUR_FAMILIES, MAX_PRODUCT_COLOURS, SWATCH_PATTERN } from '../../constants.ts';
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
/**
 * The embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): invisible, they make
 * a name read in another order than it is stored, in the shop, the back office and the order mails.
 */
export const TEXT_DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;
const noDirectionControls = (value: string) => !TEXT_DIRECTION_CONTROLS.test(value);

/** A price: one cent up to $100,000. */
const dollars = (message: string) => dollarsSchema(message, { min: 0.01, max: 100_000 });

// A comma could not round-trip: the catalog CSV writes tags and types as comma lists (decision 043).
const label = z
  .string()
  .trim()
  .min(1, M.tagInvalid)
  .max(40, M.tagInvalid)
  .refine(noNul, M.tagInvalid)
  .refine((value) => !value.includes(','), M.tagHasComma);
const labels = z.array(label, { error: M.tagInvalid }).max(20, M.tagInvalid);
/**
 * Types are filter values shoppers pick from a list: one spelling each, lower case, so "Dresses"
 * from an import and "dresses" typed in the back office are one filter (the page capitalises them).
 */
const typeLabels = z.array(label.toLowerCase(), { error: M.tagInvalid }).max(20, M.tagInvalid);
const sizeName = z
  .string({ error: M.sizeInvalid })
  .trim()
  .min(1, M.sizeInvalid)
  .max(20, M.sizeInvalid)
  .refine(noNul, M.sizeInvalid)
  .refine(noDirectionControls, M.textDirectionControl);
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

export const ColourNameSchema = z
  .string({ error: M.colourNameRequired })
  .trim()
  .min(1, M.colourNameRequired)
  .max(40, M.colourNameRequired)
  .refine(noNul, M.colourNameRequired)
  .refine(noDirectionControls, M.textDirectionControl);
export const SwatchSchema = z
  .string({ error: M.swatchInvalid })
  .trim()
  .toLowerCase()
  .regex(SWATCH_PATTERN, M.swatchInvalid);

/** Every product field (docs/product.md#entities) a person edits; prices in dollars, sizes in picker order. */
const productFields = {
  name: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, M.nameRequired)
    .min(2, M.nameLength)
    .max(120, M.nameLength)
    .refine(noNul, M.nameLength)
    .refine(noDirectionControls, M.textDirectionControl),
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
  types: typeLabels,
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
    types: typeLabels.default([]),
    salePrice: productFields.salePrice.default(null),
    /** Opening stock per size; sizes not named start at 0. Later changes go through the stock screen. */
    stock: z.record(z.string(), stockCount).default({}),
    status: z.enum(['draft', 'published']).default('draft'),
    /**
     * The colours in swatch order, each with its opening stock per size (decision 043). Absent: one colour
     * named DEFAULT_COLOUR_NAME holding `stock`.
     */
    colours: z
      .array(
        z.object({
          name: ColourNameSchema,
          swatch: SwatchSchema,
          stock: z.record(z.string(), stockCount).default({}),
        }),
        { error: M.coloursRequired },
      )
      .min(1, M.coloursRequired)
      .max(MAX_PRODUCT_COLOURS, M.colourLimit(MAX_PRODUCT_COLOURS))
      .refine((colours) => new Set(colours.map((c) => c.name.toLowerCase())).size === colours.length, M.colourNameTaken)
      .optional(),
  })
  .refine(salePriceBelowPrice, { message: M.salePriceNotBelow, path: ['salePrice'] })
  .refine(
    (value) =>
      (value.colours ?? []).every((colour) => Object.keys(colour.stock).every((size) => value.sizes.includes(size))),
    { message: M.stockForUnknownSize, path: ['colours'] },
  )
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

/** POST /api/admin/products/{id}/colours: a new colour, last in order; sizes not named start at 0. */
export const ColourCreateBodySchema = z.object({
  name: ColourNameSchema,
  swatch: SwatchSchema,
  stock: z.record(z.string(), stockCount).default({}),
});
export type ColourCreateBody = z.input<typeof ColourCreateBodySchema>;

/** PATCH /api/admin/products/{id}/colours/{colourId}. */
export const ColourUpdateBodySchema = z
  .object({ name: ColourNameSchema, swatch: SwatchSchema, isHidden: z.boolean() })
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: M.colourUpdateEmpty });
export type ColourUpdateBody = z.input<typeof ColourUpdateBodySchema>;

/** PUT /api/admin/products/{id}/colours/order: every colour's id, in the new order; the first visible one becomes the default. */
export const ColourOrderBodySchema = z.object({
  colourIds: z
    .array(z.uuid({ error: M.colourOrderInvalid }), { error: M.colourOrderInvalid })
    .min(1, M.colourOrderInvalid)
    .max(MAX_PRODUCT_COLOURS, M.colourOrderInvalid),
});
export type ColourOrderBody = z.infer<typeof ColourOrderBodySchema>;

export const AdminProductColourSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  swatch: z.string(),
  family: z.enum(COLOUR_FAMILIES),
  position: z.number().int(),
  isHidden: z.boolean(),
  /** An order in Processing or Shipped holds this colour, so it can be hidden but not removed. */
  hasOpenOrders: z.boolean(),
  images: z.array(AdminProductImageSchema),
  mainImage: z.string().nullable(),
  sizes: z.array(z.object({ size: z.string(), stock: z.number().int(), sku: z.string() })),
  totalStock: z.number().int(),
});
export type AdminProductColour = z.infer<typeof AdminProductColourSchema>;

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
  /** Every colour, hidden ones included, in order; `sizes`, `totalStock` and `images` above sum over them / show the default's. */
  colours: z.array(AdminProductColourSchema),
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
