import type { Category, ProductSort } from './constants.ts';
import type { CategoryInfo, Product } from './schemas/product.ts';
import type { ReviewListAnswer } from './schemas/review.ts';
import type { StorePage } from './schemas/store-pages.ts';
import type { Collection } from './schemas/collections.ts';

/**
 * The contract between the storefront's server entry (apps/web/src/entry-server.tsx, built to
 * dist/server/entry-server.js) and the API server that loads the built file at start and never
 * imports web source (decision 023). Types only: both sides import them from here.
 */

/** Filters of docs/product.md#listing and docs/product.md#listing-filters; all of them live in the URL query. */
export interface ListingFilters {
  q: string;
  minPrice: number;
  /** 0 means unbounded (docs/product.md#listing-filters). */
  maxPrice: number;
  /** 'n stars and up', 1-5, or null for any rating. */
  rating: number | null;
  isDiscountOnly: boolean;
  sizes: string[];
  types: string[];
  /** Colour families (COLOUR_FAMILIES), e.g. ['green', 'blue'] (decision 043). */
  colours: string[];
}

export interface ListingState extends ListingFilters {
  sort: ProductSort | null;
  page: number;
  limit: number;
}

/**
 * What the server renders, with the data its head is made from. Each public route id of the
 * storefront's router maps to one of these; every other route is served as the plain shell.
 */
export type PageData =
  | { kind: 'home' }
  | { kind: 'category'; category: Category; info: CategoryInfo | undefined; listing: ListingState }
  | { kind: 'shop'; listing: ListingState }
  | { kind: 'product'; product: Product; reviews: ReviewListAnswer | undefined }
  /** /collections/{slug} with the products of the page shown, in order (its JSON-LD lists them). */
  | {
      kind: 'collection';
      collection: Collection;
      listing: ListingState;
      items: { name: string; slug: string }[];
    }
  /** /pages/{slug}: terms, privacy, returns… (docs/product.md#store-pages). */
  | { kind: 'store-page'; page: StorePage }
  /** An unknown path, or a product that does not exist (its page says "Product Not Found"). */
  | { kind: 'not-found'; what: 'page' | 'product' };

export type RenderResult =
  /** Not a public catalog page: the server answers the plain index.html shell. */
  | { kind: 'shell' }
  | { kind: 'redirect'; status: 301; location: string }
  | {
      kind: 'page';
      status: 200 | 404;
      page: PageData;
      /** The markup inside #root. */
      html: string;
      /** The query cache for the state script, `<` already escaped. */
      state: string;
      /** Source modules of the rendered routes, to find their CSS and chunks in the client manifest. */
      modules: string[];
    };

/** How the server entry reads the API: the server passes `app.inject` behind it. */
export type ApiFetch = (url: string, init: RequestInit) => Promise<Response>;

/** What the built server entry exports. */
export type StorefrontEntry = {
  render(url: string, apiFetch: ApiFetch): Promise<RenderResult>;
  DEHYDRATED_STATE_ID: string;
};
