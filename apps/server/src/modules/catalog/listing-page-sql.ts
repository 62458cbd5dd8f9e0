import type { ImageSource } from '@shopper/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { executeNamed } from '../../db/named-statements.ts';
import { products } from '../../db/schema.ts';
import { type ImageSourceRow, imageSourcesFromJson, imageSourcesJson } from '../images/index.ts';
import type { ColourRow } from './product-colours.ts';
import type { ProductViewRow, VariantStock } from './product-view.ts';

/** One product of a listing page as the database writes it: its row, colours, variants and uploads. */
type PageProductJson = Omit<ProductViewRow, 'publishedAt'> & {
  publishedAtMs: number;
  colours: (Omit<ColourRow, 'hiddenAt'> & { hiddenAt: string | null })[] | null;
  variants: VariantStock[] | null;
  images: ImageSourceRow[] | null;
};

/** Rows from `db.execute`: pg answers `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/** A page's products, ready for the view, and the count of every match (null: the page is empty). */
export type ListingPage = {
  rows: {
    row: ProductViewRow;
    colours: ColourRow[];
    variants: VariantStock[];
    imageSources?: Record<string, ImageSource>;
  }[];
  total: number | null;
};

/*
 * The columns a listing shows, as JSON built in PostgreSQL. The text is fixed, so it is built once;
 * colours and variants come in the orders coloursOf and variantsOf read them in.
 */
const PRODUCT_JSON = sql.raw(`json_build_object(
  'id', page.id, 'slug', page.slug, 'name', page.name, 'priceCents', page.price_cents,
  'salePriceCents', page.sale_price_cents, 'category', page.category, 'tags', page.tags, 'types', page.types,
  'rating', page.rating, 'reviewCount', page.review_count, 'shortDescription', page.short_description,
  'longDescription', page.long_description, 'brand', page.brand,
  'publishedAtMs', floor(extract(epoch from page.published_at) * 1000),
  'colours', (select json_agg(json_build_object('id', c.id, 'productId', c.product_id, 'slug', c.slug,
      'name', c.name, 'swatch', c.swatch, 'family', c.family, 'position', c.position, 'images', c.images,
      'mainImageIndex', c.main_image_index, 'hiddenAt', c.hidden_at)
    order by c.position, c.created_at, c.id) from product_colours c where c.product_id = page.id),
  'variants', (select json_agg(json_build_object('colourId', s.colour_id, 'size', s.size,
      'position', s.position, 'stock', s.stock, 'sku', s.sku)
    order by s.position, s.size) from product_sizes s where s.product_id = page.id),
  'images', `);
const IMAGES_JSON = imageSourcesJson(sql.raw('page.id'));
const PAGE_COLUMNS = sql.raw(
  'id, slug, name, price_cents, sale_price_cents, category, tags, types, rating, review_count, short_description, long_description, brand, published_at',
);

/**
 * One page of products with everything its view needs, in one statement (docs/decisions/056): the
 * page's rows in `order`, each with its colours, variants and uploads aggregated as JSON, and the
 * count of all matches. Four reads mapped row by row cost the Node process more than the database.
 */
export async function readListingPage(
  db: Database,
  { where, order, limit, offset }: { where: SQL | undefined; order: SQL[]; limit: number; offset: number },
): Promise<ListingPage> {
  const orderBy = sql.join(order, sql`, `);
  const query = sql`with page as (
    select ${PAGE_COLUMNS}, count(*) over () as total, row_number() over (order by ${orderBy}) as ord
    from ${products} ${where ? sql`where ${where}` : sql``}
    order by ${orderBy} limit ${limit} offset ${offset})
  select max(page.total)::int as total,
    coalesce(json_agg(${PRODUCT_JSON}${IMAGES_JSON}) order by page.ord), '[]'::json) as products
  from page`;
  // pg answers `{ rows }` with the JSON already parsed (one JSON.parse of the whole page).
  const rows = await executeNamed<{ total: number | null; products: PageProductJson[] }>(db, 'listing_page', query);
  const answer = rows[0] ?? { total: null, products: [] };
  return {
    total: answer.total,
    rows: answer.products.map(({ publishedAtMs, colours, variants, images, ...row }) => ({
      row: { ...row, publishedAt: new Date(publishedAtMs) },
      colours: (colours ?? []).map((colour) => ({
        ...colour,
        hiddenAt: colour.hiddenAt === null ? null : new Date(colour.hiddenAt),
      })),
      variants: variants ?? [],
      imageSources: imageSourcesFromJson(images),
    })),
  };
}
