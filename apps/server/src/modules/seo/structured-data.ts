import type { Product, ProductColour, Review } from '@shopper/contract';
import { SITE_NAME, effectivePrice } from '@shopper/contract';
import { productPath } from './site-urls.ts';

/**
 * schema.org objects for JSON-LD. URLs here are site paths ('/products/x'): only renderHead knows
 * the public origin, and it makes every value of a URL property absolute (URL_PROPERTIES).
 */
export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';
/** docs/product.md#constants: totals in USD. */
export const PRICE_CURRENCY = 'USD';

/** Properties whose string values are URLs; renderHead resolves them against the public origin. */
export const URL_PROPERTIES: ReadonlySet<string> = new Set(['url', 'image', 'item', 'urlTemplate', 'logo']);

export type Crumb = { name: string; path: string };

/** 'women' → 'Women', as the breadcrumb shows it (docs/product.md#category-page: capitalised category). */
export function categoryLabel(category: string): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}

export function breadcrumbLd(crumbs: readonly Crumb[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.path,
    })),
  };
}

/** A collection's page: what it is, and the products it lists on this page, in their order. */
export function collectionPageLd(
  name: string,
  description: string,
  path: string,
  items: readonly { name: string; slug: string }[],
): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'CollectionPage',
    name,
    description,
    url: path,
    mainEntity: {
      '@type': 'ItemList',
      numberOfItems: items.length,
      itemListElement: items.map((item, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: item.name,
        url: productPath(item.slug),
      })),
    },
  };
}

/** The sitelinks search box: the shop's listing takes the search text as `q` (decision 005). */
export function websiteLd(): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: SITE_NAME,
    url: '/',
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: '/shop?q={search_term_string}' },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** In stock when any size has stock (the same rule as the product's `in_stock`). */
export function isAvailable(product: Pick<Product, 'stock'>): boolean {
  return product.stock.some((size) => size.quantity > 0);
}

/** What the customer pays, as schema.org and OpenGraph want it: a decimal string, two places. */
export function offerPrice(product: Pick<Product, 'old_price' | 'new_price'>): string {
  return effectivePrice(product.old_price, product.new_price).toFixed(2);
}

function reviewLd(review: Review): JsonLd {
  return {
    '@type': 'Review',
    author: { '@type': 'Person', name: review.user.name },
    datePublished: review.date.slice(0, 10),
    reviewBody: review.content,
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
  };
}

/** The product page showing one colour (decision 043): the canonical address stays the bare path. */
export function colourPath(slug: string, colourSlug: string): string {
  return `${productPath(slug)}?colour=${encodeURIComponent(colourSlug)}`;
}

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

/**
 * One variant: a visible colour in one size, with its own photo, address and Offer, whose
 * availability is that variant's stock.
 */
function variantLd(product: Product, colour: ProductColour, stock: ProductColour['stock'][number]): JsonLd {
  const url = colourPath(product.slug, colour.slug);
  return {
    '@type': 'Product',
    name: `${product.name} — ${colour.name}, size ${stock.size}`,
    ...(stock.sku ? { sku: stock.sku } : {}),
    color: colour.name,
    size: stock.size,
    image: colour.mainImage,
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: offerPrice(product),
      priceCurrency: PRICE_CURRENCY,
      availability: stock.quantity > 0 ? IN_STOCK : OUT_OF_STOCK,
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}

/**
 * The product as a ProductGroup (decision 043): it varies by size and colour, and each visible
 * (colour, size) is a variant with its Offer. AggregateRating and Reviews stay on the group, and
 * only when the product has reviews (a rating of 0 from 0 reviews is no rating, and search
 * engines reject it).
 */
export function productLd(product: Product, reviews: readonly Review[], description: string): JsonLd {
  const hasReviews = product.reviewCount > 0;
  return {
    '@context': CONTEXT,
    '@type': 'ProductGroup',
    name: product.name,
    description,
    productGroupID: product.id,
    url: productPath(product.slug),
    image: product.images,
    brand: { '@type': 'Brand', name: product.brand },
    category: categoryLabel(product.category),
    variesBy: ['https://schema.org/size', 'https://schema.org/color'],
    hasVariant: product.colours.flatMap((colour) => colour.stock.map((stock) => variantLd(product, colour, stock))),
    ...(hasReviews
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.round(product.rating * 10) / 10,
            reviewCount: product.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
          ...(reviews.length > 0 ? { review: reviews.map(reviewLd) } : {}),
        }
      : {}),
  };
}
