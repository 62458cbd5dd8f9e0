import { z } from 'zod';
import {
  COLLECTION_KINDS,
  COLLECTION_MAX_PRODUCTS,
  COLLECTION_MESSAGES as M,
  COLLECTION_SLUG_MAX,
  COLLECTION_SLUG_PATTERN,
  HOME_FEATURED_MAX,
} from '../collections.ts';
import { CATEGORIES, COLOUR_FAMILIES } from '../constants.ts';
import { CategoryBannerBodySchema } from './admin/categories.ts';
import { dollarsSchema } from './money.ts';
import { CategoryBannerSchema, ProductSchema } from './product.ts';

const noNul = (value: string) => !value.includes('\u0000');
// Invisible controls that make a name read in another order than it is stored.
const noDirectionControls = (value: string) => !/[\u202a-\u202e\u2066-\u2069]/.test(value);

export const CollectionSlugSchema = z
  .string({ error: M.slugInvalid })
  .trim()
  .min(1, M.slugInvalid)
  .max(COLLECTION_SLUG_MAX, M.slugInvalid)
  .regex(COLLECTION_SLUG_PATTERN, M.slugInvalid);

/** A path parameter: any text up to a length; an unknown or malformed slug is a missing page (404). */
export const CollectionSlugParamsSchema = z.object({ slug: z.string().max(200) });

const term = z.string({ error: M.ruleTermsInvalid }).trim().min(1, M.ruleTermsInvalid).max(40, M.ruleTermsInvalid);
const terms = z
  .array(term, { error: M.ruleTermsInvalid })
  .max(20, M.ruleTermsInvalid)
  .refine((values) => values.every(noNul), M.ruleTermsInvalid);
/** Lower-cased: product types are stored that way (admin/products.ts). */
const typeTerms = z
  .array(term.toLowerCase(), { error: M.ruleTermsInvalid })
  .max(20, M.ruleTermsInvalid)
  .refine((values) => values.every(noNul), M.ruleTermsInvalid);

/**
 * Which products a rule collection holds: every condition given must hold (a list matches any of
 * its values). The listing's own filters apply it, so a rule means what the same filters mean on /shop.
 */
export const CollectionRuleSchema = z
  .object({
    category: z.enum(CATEGORIES, { error: M.ruleEmpty }).optional(),
    types: typeTerms.optional(),
    tags: terms.optional(),
    colours: z.array(z.enum(COLOUR_FAMILIES), { error: M.ruleEmpty }).max(COLOUR_FAMILIES.length).optional(),
    /** Discounted products only. */
    onSale: z.boolean({ error: M.ruleEmpty }).optional(),
    /** What the product sells for today is at most this, in dollars. */
    maxPrice: dollarsSchema(M.rulePriceInvalid, { min: 0.01, max: 100_000 }).optional(),
  })
  .strict()
  .refine(
    (rule) =>
      rule.category !== undefined ||
      (rule.types?.length ?? 0) > 0 ||
      (rule.tags?.length ?? 0) > 0 ||
      (rule.colours?.length ?? 0) > 0 ||
      rule.onSale === true ||
      rule.maxPrice !== undefined,
    M.ruleEmpty,
  );
export type CollectionRule = z.infer<typeof CollectionRuleSchema>;

const isoDate = z.iso.datetime({ offset: true, error: M.dateInvalid }).nullable();

/** POST /api/admin/collections and PUT /api/admin/collections/:id: the whole collection. */
export const CollectionBodySchema = z
  .object({
    name: z
      .string({ error: M.nameInvalid })
      .trim()
      .min(2, M.nameInvalid)
      .max(80, M.nameInvalid)
      .refine(noNul, M.nameInvalid)
      .refine(noDirectionControls, M.nameInvalid),
    slug: CollectionSlugSchema,
    description: z
      .string({ error: M.descriptionTooLong })
      .trim()
      .max(1000, M.descriptionTooLong)
      .refine(noNul, M.descriptionTooLong)
      .default(''),
    banner: CategoryBannerBodySchema.nullable().default(null),
    isHidden: z.boolean().default(false),
    visibleFrom: isoDate.default(null),
    visibleUntil: isoDate.default(null),
    kind: z.enum(COLLECTION_KINDS, { error: M.kindInvalid }),
    /** Hand-picked products in the order the page lists them (kind `manual`). */
    productIds: z
      .array(z.uuid({ error: M.productsInvalid }), { error: M.productsInvalid })
      .max(COLLECTION_MAX_PRODUCTS, M.productsInvalid)
      .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, M.productsInvalid)
      .default([]),
    /** The rule (kind `rule`). */
    rule: CollectionRuleSchema.nullable().default(null),
  })
  .refine((body) => body.kind !== 'rule' || body.rule !== null, { message: M.ruleEmpty, path: ['rule'] })
  .refine(
    (body) =>
      body.visibleFrom === null ||
      body.visibleUntil === null ||
      Date.parse(body.visibleFrom) < Date.parse(body.visibleUntil),
    { message: M.windowInverted, path: ['visibleUntil'] },
  );
export type CollectionBody = z.input<typeof CollectionBodySchema>;
export type CollectionValues = z.infer<typeof CollectionBodySchema>;

/** A collection as shoppers see it. */
export const CollectionSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  banner: CategoryBannerSchema.nullable(),
  updatedAt: z.string(),
});
export type Collection = z.infer<typeof CollectionSchema>;

export const CollectionAnswerSchema = z.object({ success: z.literal(true), collection: CollectionSchema });
export type CollectionAnswer = z.infer<typeof CollectionAnswerSchema>;

/** GET /api/home-sections: what staff chose for the home page; nothing chosen is today's default page. */
export const HomeSectionsAnswerSchema = z.object({
  success: z.literal(true),
  hero: CollectionSchema.nullable(),
  featured: z.array(z.object({ collection: CollectionSchema, products: z.array(ProductSchema) })),
});
export type HomeSectionsAnswer = z.infer<typeof HomeSectionsAnswerSchema>;

/** A collection in the back office. */
export const AdminCollectionSchema = CollectionSchema.extend({
  id: z.uuid(),
  isHidden: z.boolean(),
  visibleFrom: z.string().nullable(),
  visibleUntil: z.string().nullable(),
  /** Shown on the storefront right now: not hidden, inside its window. */
  isVisibleNow: z.boolean(),
  kind: z.enum(COLLECTION_KINDS),
  productIds: z.array(z.uuid()),
  rule: CollectionRuleSchema.nullable(),
  createdAt: z.string(),
});
export type AdminCollection = z.infer<typeof AdminCollectionSchema>;

export const AdminCollectionListAnswerSchema = z.object({
  success: z.literal(true),
  collections: z.array(AdminCollectionSchema),
});
export const AdminCollectionAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  collection: AdminCollectionSchema,
  /** The hand-picked products' names by id, for the editor. */
  productNames: z.record(z.string(), z.string()),
});
export type AdminCollectionAnswer = z.infer<typeof AdminCollectionAnswerSchema>;

export const AdminCollectionDeletedAnswerSchema = z.object({ success: z.literal(true), message: z.string() });

/** PUT /api/admin/collections/home-sections: collection ids; an empty choice is today's home page. */
export const HomeSectionsBodySchema = z.object({
  heroId: z.uuid({ error: M.homeUnknown }).nullable(),
  featuredIds: z
    .array(z.uuid({ error: M.homeFeaturedInvalid }), { error: M.homeFeaturedInvalid })
    .max(HOME_FEATURED_MAX, M.homeFeaturedInvalid)
    .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, M.homeFeaturedInvalid),
});
export type HomeSectionsBody = z.infer<typeof HomeSectionsBodySchema>;

export const AdminHomeSectionsAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  heroId: z.uuid().nullable(),
  featuredIds: z.array(z.uuid()),
});
export type AdminHomeSectionsAnswer = z.infer<typeof AdminHomeSectionsAnswerSchema>;
