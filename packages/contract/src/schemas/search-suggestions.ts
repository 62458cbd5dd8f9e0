import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { CategorySchema } from './product.ts';

/** The longest text the header's search box sends, as the listing's `q`. */
export const SUGGESTION_QUERY_MAX = 100;
/** Products a suggestion list shows at most. */
export const SUGGESTED_PRODUCTS = 6;

export const SearchSuggestionsQuerySchema = z.strictObject(
  {
    q: z
      .string()
      .trim()
      .min(1)
      .max(SUGGESTION_QUERY_MAX)
      .refine((value) => !value.includes('\u0000'), 'Text may not contain NUL characters'),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? MESSAGES.unknownQueryParameter(String(issue.keys[0]), ['q']) : undefined,
  },
);

/** A product the header suggests while the shopper types: enough for one line and its link. */
export const SuggestedProductSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  image: z.string(),
  /** What it sells for today, in dollars (the sale price when there is one). */
  price: z.number().nonnegative(),
  category: CategorySchema,
});
export type SuggestedProduct = z.infer<typeof SuggestedProductSchema>;

/**
 * A category the header suggests: one whose name the text starts (`query` empty: the category page
 * itself), or one holding the products found (`query`: the search to run on that category page).
 */
export const SuggestedCategorySchema = z.object({
  slug: CategorySchema,
  name: z.string(),
  query: z.string(),
});
export type SuggestedCategory = z.infer<typeof SuggestedCategorySchema>;

export const SearchSuggestionsSchema = z.object({
  success: z.literal(true),
  products: z.array(SuggestedProductSchema),
  categories: z.array(SuggestedCategorySchema),
});
export type SearchSuggestions = z.infer<typeof SearchSuggestionsSchema>;
