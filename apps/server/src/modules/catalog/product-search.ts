import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { products } from '../../db/schema.ts';

/**
 * Turns free text into a prefix-matching tsquery ("lin shir" finds "Linen Shirt"). Only letters
 * and digits survive, so no user input ever reaches the tsquery parser's operators.
 */
export function toPrefixTsQuery(text: string): string | null {
  const terms = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((term) => term.length > 0)
    .slice(0, 8);
  return terms.length === 0 ? null : terms.map((term) => `${term}:*`).join(' & ');
}

/** Products whose searchable text matches a query made by `toPrefixTsQuery`. */
export function matchesSearch(tsQuery: string): SQL {
  return sql`${products.searchVector} @@ to_tsquery('english', ${tsQuery})`;
}

/** Best matches first: a search is sorted by relevance unless the customer chose an order. */
export function bySearchRank(tsQuery: string): SQL {
  return sql`ts_rank(${products.searchVector}, to_tsquery('english', ${tsQuery})) desc`;
}
