import { z } from 'zod';
import {
  CATEGORIES,
  COLOUR_FAMILIES,
  DEFAULT_PRODUCT_PAGE_SIZE,
  MAX_PRODUCT_PAGE_SIZE,
  PRODUCT_SORTS,
} from '../constants.ts';
import { MESSAGES } from '../messages.ts';

export const CategorySchema = z.enum(CATEGORIES);

export const SizeStockSchema = z.object({
  size: z.string(),
  quantity: z.number().int().nonnegative(),
});

/**
 * The re-encoded variants of an uploaded picture (decision 021): `srcSet` lists WebP widths,
 * `avifSrcSet` the AVIF ones where they came out clearly smaller. The intrinsic size is the largest variant's.
 */
export const ImageSourceSchema = z.object({
  srcSet: z.string(),
  avifSrcSet: z.string().optional(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type ImageSource = z.infer<typeof ImageSourceSchema>;

/** One variant's stock: a size of one colour, with its SKU when the shop has one for it (imports carry them). */
export const ColourStockSchema = SizeStockSchema.extend({ sku: z.string().optional() });
export type ColourStock = z.infer<typeof ColourStockSchema>;

/**
 * One colour of a product (decision 043): its own gallery and its stock per size. `slug` is the value of
 * the product page's `?colour=`; `family` is derived from the swatch and is what listings filter by.
 */
export const ProductColourSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  /** `#rrggbb`. */
  swatch: z.string(),
  family: z.enum(COLOUR_FAMILIES),
  images: z.array(z.string()),
  mainImage: z.string(),
  mainImageIndex: z.number().int().nonnegative(),
  stock: z.array(ColourStockSchema),
  in_stock: z.boolean(),
  imageSources: z.record(z.string(), ImageSourceSchema).optional(),
});
export type ProductColour = z.infer<typeof ProductColourSchema>;

/** Product as answered by the API (docs/product.md#entities). Prices are dollars; the server keeps cents. */
export const ProductSchema = z.object({
  _id: z.string(),
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  images: z.array(z.string()),
  mainImage: z.string(),
  mainImageIndex: z.number().int().nonnegative(),
  image: z.string(),
  old_price: z.number().nonnegative(),
  /** 0 means no discount (docs/product.md#entities). */
  new_price: z.number().nonnegative(),
  category: CategorySchema,
  tags: z.array(z.string()),
  types: z.array(z.string()),
  rating: z.number().min(0).max(5),
  reviewCount: z.number().int().nonnegative(),
  sizes: z.array(z.string()),
  stock: z.array(SizeStockSchema),
  shortDescription: z.string(),
  longDescription: z.string(),
  description: z.string(),
  brand: z.string(),
  date: z.string(),
  in_stock: z.boolean(),
  /** Variants of uploaded images, keyed by their URL in `images`; generated demo pictures have none. */
  imageSources: z.record(z.string(), ImageSourceSchema).optional(),
  /**
   * The visible colours in swatch order. `sizes`, `stock`, `in_stock` and the gallery fields above
   * summarise them for clients that know only sizes: stock summed over colours, the default colour's photos.
   */
  colours: z.array(ProductColourSchema),
  /** The colour a client that names none gets: the first visible colour. */
  defaultColourId: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

/** Free text from a URL: trimmed, bounded, and without NUL bytes, which PostgreSQL text refuses. */
const queryText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !value.includes('\u0000'), 'Text may not contain NUL characters');

const commaList = queryText(500).transform((value) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0),
);

/** Colour families, lower-cased; a name outside COLOUR_FAMILIES is refused rather than matching nothing. */
const colourFamilies = commaList
  .transform((values) => values.map((value) => value.toLowerCase()))
  .refine((values) => values.every((value) => (COLOUR_FAMILIES as readonly string[]).includes(value)), {
    message: MESSAGES.colourFilterInvalid,
  });

const booleanFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

const ProductListQueryObject = z.object({
  q: queryText(100).optional(),
  category: CategorySchema.optional(),
  minPrice: z.coerce.number().min(0).max(1_000_000).optional(),
  /** 0 means unbounded (docs/product.md#listing-filters). */
  maxPrice: z.coerce.number().min(0).max(1_000_000).optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  discount: booleanFlag.optional(),
  sizes: commaList.optional(),
  /** Lower-cased like the products' own types (the back office and the import fold them). */
  types: commaList.transform((values) => values.map((value) => value.toLowerCase())).optional(),
  /** Families, e.g. `green,blue`: a product matches when a visible colour of one of them is on sale (with `sizes`, in one of those sizes). */
  colours: colourFamilies.optional(),
  brand: queryText(100).optional(),
  sort: z.enum(PRODUCT_SORTS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PRODUCT_PAGE_SIZE).default(DEFAULT_PRODUCT_PAGE_SIZE),
});

/**
 * Closed to names it does not know: `?search=` or `?colour=` answer 400 naming the parameters the
 * address takes, rather than being ignored as if the filter had applied (docs/decisions/057).
 */
function closed<T extends z.ZodRawShape>(schema: z.ZodObject<T>) {
  const allowed = Object.keys(schema.shape);
  return z.strictObject(schema.shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? MESSAGES.unknownQueryParameter(String(issue.keys[0]), allowed) : undefined,
  });
}

function withPriceRange<T extends z.ZodType<{ minPrice?: number | undefined; maxPrice?: number | undefined }>>(
  schema: T,
) {
  return schema.refine(
    (query) =>
      query.minPrice === undefined ||
      query.maxPrice === undefined ||
      query.maxPrice === 0 ||
      query.minPrice <= query.maxPrice,
    { message: MESSAGES.priceRangeInverted, path: ['minPrice'] },
  );
}

/** Query of every listing endpoint: filters, sort, page and text search, applied in the database. */
export const ProductListQuerySchema = withPriceRange(closed(ProductListQueryObject));
/** The same for /category/{category}, where the category comes from the path. */
export const CategoryProductListQuerySchema = withPriceRange(closed(ProductListQueryObject.omit({ category: true })));
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;
export type ProductListQueryInput = z.input<typeof ProductListQuerySchema>;

export const ProductListSchema = z.object({
  success: z.literal(true),
  products: z.array(ProductSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  totalPages: z.number().int().min(1),
});
export type ProductList = z.infer<typeof ProductListSchema>;

export const ProductCollectionSchema = z.object({
  success: z.literal(true),
  products: z.array(ProductSchema),
});
export type ProductCollection = z.infer<typeof ProductCollectionSchema>;

export const ProductAnswerSchema = z.object({
  success: z.literal(true),
  product: ProductSchema,
});
export type ProductAnswer = z.infer<typeof ProductAnswerSchema>;

/** Values the filter sidebar can offer for a listing. */
export const ProductFacetsSchema = z.object({
  success: z.literal(true),
  types: z.array(z.string()),
  sizes: z.array(z.string()),
  brands: z.array(z.string()),
  /** Families on sale in the scope, in COLOUR_FAMILIES order. */
  colours: z.array(z.enum(COLOUR_FAMILIES)),
  maxPrice: z.number().nonnegative(),
});
export type ProductFacets = z.infer<typeof ProductFacetsSchema>;

export const ProductFacetsQuerySchema = z.object({ category: CategorySchema.optional() });

/** A category page's banner (docs/product.md#category-page): its width and height reserve the space before it loads. */
export const CategoryBannerSchema = z.object({
  /** A path on the shop (/images/banners/men.svg) or an https URL. */
  image: z.string(),
  alt: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type CategoryBanner = z.infer<typeof CategoryBannerSchema>;

export const CategoryInfoSchema = z.object({
  slug: CategorySchema,
  name: z.string(),
  banner: CategoryBannerSchema,
  updatedAt: z.string(),
});
export type CategoryInfo = z.infer<typeof CategoryInfoSchema>;

export const CategoriesAnswerSchema = z.object({ success: z.literal(true), categories: z.array(CategoryInfoSchema) });
export type CategoriesAnswer = z.infer<typeof CategoriesAnswerSchema>;
