import type { Category, CategoryInfo, Collection, ImageSource, Product, Review, StorePage } from '@shopper/contract';
import { decodeHTML } from 'entities';
import {
  MESSAGES,
  PAGE_TITLES,
  PLACEHOLDER_IMAGE,
  SITE_NAME,
  SITE_TITLE_SUFFIX,
  type BannerRasterWidth,
  builtInBannerRendering,
  collectionPath,
  formatUsd,
  storePagePath,
} from '@shopper/contract';
import { GARMENT_ART_SIZE, garmentPictureUrl } from '../images/index.ts';
import { type ListingQueryInput, listingCanonical } from './listing-canonical.ts';
import { absoluteUrl, categoryPath, productPath } from './site-urls.ts';
import {
  type Crumb,
  type JsonLd,
  PRICE_CURRENCY,
  URL_PROPERTIES,
  breadcrumbLd,
  categoryLabel,
  collectionPageLd,
  isAvailable,
  offerPrice,
  productLd,
  websiteLd,
} from './structured-data.ts';

export type HeadImage = { url: string; width: number; height: number; alt: string };

/**
 * What a server-rendered page says to search engines and link previews (docs/product.md#seo). Paths are site
 * paths; renderHead makes them absolute on the public origin.
 */
export type PageHead = {
  /** The page's own title, as the browser's usePageTitle gets it; renderHead adds the site suffix. */
  title: string;
  description: string;
  /** Absent on a not-found page: a missing page has no canonical address. */
  canonicalPath?: string;
  image?: HeadImage;
  jsonLd: JsonLd[];
  robots?: 'noindex';
  /** OpenGraph's product type with its price (og:type is 'website' otherwise). */
  product?: { priceAmount: string; priceCurrency: string; isInStock: boolean };
};

const DESCRIPTION_MAX = 160;
const HOME_DESCRIPTION =
  'New arrivals, best-rated pieces and seasonal deals in fashion for men, women and kids at SHOPPER.';
const SHOP_DESCRIPTION =
  "Everything in the store, with this season's markdowns. Filter by size, type, price and rating.";
const DEALS_DESCRIPTION = "This season's markdowns on fashion for men, women and kids at SHOPPER.";

/** One line of at most 160 characters, cut at a word with an ellipsis: what result pages show. */
export function summarize(text: string, max = DESCRIPTION_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** The largest of the banners' renderings. */
const BANNER_PREVIEW_WIDTH: BannerRasterWidth = 1440;

const HOME_CRUMB: Crumb = { name: 'Home', path: '/' };

/**
 * The biggest stored variant of an uploaded picture (previews are drawn large); generated art is
 * offered as its WebP rendering, since link previews do not show SVG; both it and the placeholder
 * are of one known size. The picture is the main photo of the colour the page shows: the one its
 * `?colour=` names, else the default colour's (decision 043).
 */
function productImage(product: Product, colourSlug: string | undefined): HeadImage {
  const colour = colourSlug === undefined ? undefined : product.colours.find((c) => c.slug === colourSlug);
  const shown = colour ?? product;
  const url = shown.mainImage || PLACEHOLDER_IMAGE;
  const source: ImageSource | undefined = shown.imageSources?.[url];
  if (!source) return { url: garmentPictureUrl(url) ?? url, ...GARMENT_ART_SIZE, alt: product.name };
  const largest = source.srcSet
    .split(',')
    .map((entry) => /^\s*(\S+)\s+(\d+)w\s*$/.exec(entry))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ url: match[1] as string, width: Number(match[2]) }))
    .reduce<{ url: string; width: number } | undefined>(
      (best, next) => (best && best.width >= next.width ? best : next),
      undefined,
    );
  if (!largest) return { url, width: source.width, height: source.height, alt: product.name };
  return {
    url: largest.url,
    width: largest.width,
    height: Math.round((largest.width * source.height) / source.width),
    alt: product.name,
  };
}

export function homeHead(): PageHead {
  return {
    title: PAGE_TITLES.home,
    description: HOME_DESCRIPTION,
    canonicalPath: '/',
    jsonLd: [websiteLd()],
  };
}

function listingHead(
  basePath: string,
  query: ListingQueryInput,
  { title, description, crumbs }: { title: string; description: string; crumbs: Crumb[] },
  image?: HeadImage,
): PageHead {
  const canonical = listingCanonical(query);
  return {
    title,
    description,
    canonicalPath: `${basePath}${canonical.search}`,
    ...(image ? { image } : {}),
    jsonLd: [breadcrumbLd(crumbs)],
    ...(canonical.isIndexable ? {} : { robots: 'noindex' as const }),
  };
}

/** /shop with its listing query (filters, sort, page, search; decision 025 for the canonical). */
export function shopHead(query: ListingQueryInput = ''): PageHead {
  const { isDiscountOnly } = listingCanonical(query);
  return listingHead('/shop', query, {
    title: PAGE_TITLES.shop,
    description: isDiscountOnly ? DEALS_DESCRIPTION : SHOP_DESCRIPTION,
    crumbs: [HOME_CRUMB, { name: 'Shop', path: '/shop' }],
  });
}

/**
 * /men, /women, /kids (docs/product.md#category-page: breadcrumb Home > capitalised category). Given the category's
 * info (GET /api/products/categories), its banner is the preview image.
 */
export function categoryHead(category: Category | CategoryInfo, query: ListingQueryInput = ''): PageHead {
  const slug = typeof category === 'string' ? category : category.slug;
  const label = categoryLabel(slug);
  const banner = typeof category === 'string' ? undefined : category.banner;
  return listingHead(
    categoryPath(slug),
    query,
    {
      title: MESSAGES.categoryCollectionTitle(label),
      description: MESSAGES.categoryCollectionSubtitle(slug),
      crumbs: [HOME_CRUMB, { name: label, path: categoryPath(slug) }],
    },
    banner ? bannerImage(banner) : undefined,
  );
}

/** A built-in banner is previewed by its largest WebP rendering: link previews do not show SVG. */
function bannerImage({ image, width, height, alt }: CategoryInfo['banner']): HeadImage {
  const rendering = builtInBannerRendering(image, BANNER_PREVIEW_WIDTH);
  if (!rendering) return { url: image, width, height, alt };
  return {
    url: rendering,
    width: BANNER_PREVIEW_WIDTH,
    height: Math.round((BANNER_PREVIEW_WIDTH * height) / width),
    alt,
  };
}

/**
 * /products/{slug}: the product as GET /api/products/slug/{slug} answers it, the reviews the page
 * shows (GET /api/reviews/products/{id}, first page), and the `?colour=` the page was asked for.
 * Every colour's page has the same canonical address, title and JSON-LD; only the preview picture
 * follows the colour.
 */
export function productHead(product: Product, reviews: readonly Review[] = [], colourSlug?: string): PageHead {
  const price = offerPrice(product);
  const description = summarize(
    product.shortDescription ||
      product.description ||
      `${product.name} by ${product.brand}, ${formatUsd(Number(price))}. ${MESSAGES.categoryCollectionTitle(categoryLabel(product.category))} at ${SITE_NAME}.`,
  );
  const path = productPath(product.slug);
  return {
    title: product.name,
    description,
    canonicalPath: path,
    image: productImage(product, colourSlug),
    jsonLd: [
      productLd(product, reviews, description),
      breadcrumbLd([
        HOME_CRUMB,
        { name: categoryLabel(product.category), path: categoryPath(product.category) },
        { name: product.name, path },
      ]),
    ],
    product: { priceAmount: price, priceCurrency: PRICE_CURRENCY, isInStock: isAvailable(product) },
  };
}

/**
 * /collections/{slug} with its listing query: described by the collection's own words, previewed by
 * its banner; the JSON-LD is a CollectionPage whose ItemList is the products of the page shown.
 */
export function collectionHead(
  collection: Collection,
  items: readonly { name: string; slug: string }[],
  query: ListingQueryInput = '',
): PageHead {
  const path = collectionPath(collection.slug);
  const description = summarize(collection.description || `${collection.name} at ${SITE_NAME}.`);
  const head = listingHead(
    path,
    query,
    { title: collection.name, description, crumbs: [HOME_CRUMB, { name: collection.name, path }] },
    collection.banner ? bannerImage(collection.banner) : undefined,
  );
  return { ...head, jsonLd: [collectionPageLd(collection.name, description, path, items), ...head.jsonLd] };
}

/**
 * Any unknown path, or an unknown product ('Product Not Found', as the product page titles it):
 * kept out of indexes, no canonical.
 */
/** /pages/{slug}: the shop's own pages, described by their first words. */
export function storePageHead(page: Pick<StorePage, 'slug' | 'title' | 'html'>): PageHead {
  const path = storePagePath(page.slug);
  return {
    title: page.title,
    description: summarize(decodeHTML(page.html.replace(/<[^>]*>/g, ' '))),
    canonicalPath: path,
    jsonLd: [breadcrumbLd([HOME_CRUMB, { name: page.title, path }])],
  };
}

export function notFoundHead(title: string = PAGE_TITLES.notFound): PageHead {
  return { title, description: MESSAGES.pageNotFound, jsonLd: [], robots: 'noindex' };
}

/** Text for an HTML attribute or element: every character that could end or open markup is escaped. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function withAbsoluteUrls(value: unknown, publicOrigin: string, isUrl = false): unknown {
  if (typeof value === 'string') return isUrl ? absoluteUrl(publicOrigin, value) : value;
  if (Array.isArray(value)) return value.map((item) => withAbsoluteUrls(item, publicOrigin, isUrl));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, withAbsoluteUrls(item, publicOrigin, URL_PROPERTIES.has(key))]),
    );
  }
  return value;
}

/**
 * JSON for a <script> element: `<` (so no `</script>` or `<!--` can end or bend the element), `>`
 * and `&` as \u escapes, and the two line separators JavaScript once refused in strings.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The <head> elements of a server-rendered page: title with the site suffix (the same words as the
 * browser's usePageTitle), description, canonical, robots, OpenGraph, Twitter card and JSON-LD.
 * `publicOrigin` is PUBLIC_URL: never the request's Host header, which a client chooses.
 */
export function renderHead(head: PageHead, publicOrigin: string): string {
  const meta = (key: 'name' | 'property', name: string, content: string | number) =>
    `<meta ${key}="${name}" content="${escapeHtml(String(content))}">`;
  const canonicalUrl = head.canonicalPath === undefined ? undefined : absoluteUrl(publicOrigin, head.canonicalPath);
  const image = head.image ? { ...head.image, url: absoluteUrl(publicOrigin, head.image.url) } : undefined;
  const lines = [
    `<title>${escapeHtml(`${head.title}${SITE_TITLE_SUFFIX}`)}</title>`,
    meta('name', 'description', head.description),
    ...(canonicalUrl ? [`<link rel="canonical" href="${escapeHtml(canonicalUrl)}">`] : []),
    ...(head.robots ? [meta('name', 'robots', 'noindex, follow')] : []),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.product ? 'product' : 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    ...(canonicalUrl ? [meta('property', 'og:url', canonicalUrl)] : []),
    ...(image
      ? [
          meta('property', 'og:image', image.url),
          meta('property', 'og:image:width', image.width),
          meta('property', 'og:image:height', image.height),
          meta('property', 'og:image:alt', image.alt),
        ]
      : []),
    ...(head.product
      ? [
          meta('property', 'product:price:amount', head.product.priceAmount),
          meta('property', 'product:price:currency', head.product.priceCurrency),
          meta('property', 'product:availability', head.product.isInStock ? 'in stock' : 'out of stock'),
        ]
      : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(image ? [meta('name', 'twitter:image', image.url), meta('name', 'twitter:image:alt', image.alt)] : []),
    ...head.jsonLd.map(
      (block) => `<script type="application/ld+json">${jsonForScript(withAbsoluteUrls(block, publicOrigin))}</script>`,
    ),
  ];
  return lines.join('\n');
}
