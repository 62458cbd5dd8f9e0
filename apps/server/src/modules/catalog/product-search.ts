import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, searchWords } from '../../db/schema.ts';
import { rowsOf } from './listing-page-sql.ts';

/**
 * Turns free text into a prefix-matching tsquery ("lin shir" finds "Linen Shirt"). Only letters
 * and digits survive, so no user input ever reaches the tsquery parser's operators.
 */
export function toPrefixTsQuery(text: string): string | null {
  const terms = searchTerms(text);
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

/** The words of free text as `toPrefixTsQuery` reads them. */
export function searchTerms(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((term) => term.length > 0)
    .slice(0, 8);
}

/**
 * The text with each term of three letters or more replaced by the catalog's most similar word
 * (pg_trgm, over `search_words` and its trigram index): "sweter" → "sweater", "jens" → "jeans".
 * Null when no term changes. Asked only when the text as typed found nothing (docs/decisions/057).
 */
export async function correctSpelling(db: Database, text: string): Promise<string | null> {
  const terms = searchTerms(text);
  if (!terms.some((term) => term.length >= 3)) return null;
  const rows = rowsOf<{ word: string }>(
    await db.execute(sql`
    select coalesce((select ${searchWords.word} from ${searchWords}
      where length(t.term) >= 3 and ${searchWords.word} % t.term
      order by similarity(${searchWords.word}, t.term) desc, ${searchWords.word} limit 1), t.term) as word
    from unnest(${sql.param(terms)}::text[]) with ordinality as t(term, n) order by t.n`),
  );
  const corrected = rows.map((row) => row.word);
  return corrected.every((word, i) => word === terms[i]) ? null : corrected.join(' ');
}
