import type { Category, CategoryInfo, Product, ReviewListAnswer } from '@shopper/contract';

/**
 * What the storefront's server entry (apps/web/src/entry-server.tsx, built to
 * dist/server/entry-server.js) exports. The server loads the built file at start and never
 * imports web source: this is the contract between the two.
 */
export type ListingState = {
  q: string;
  minPrice: number;
  maxPrice: number;
  rating: number | null;
  isDiscountOnly: boolean;
  sizes: string[];
  types: string[];
  sort: string | null;
  page: number;
  limit: number;
};

export type PageData =
  | { kind: 'home' }
  | { kind: 'category'; category: Category; info: CategoryInfo | undefined; listing: ListingState }
  | { kind: 'shop'; listing: ListingState }
  | { kind: 'product'; product: Product; reviews: ReviewListAnswer | undefined }
  | { kind: 'not-found'; what: 'page' | 'product' };

export type RenderResult =
  | { kind: 'shell' }
  | { kind: 'redirect'; status: 301; location: string }
  | { kind: 'page'; status: 200 | 404; page: PageData; html: string; state: string; modules: string[] };

export type ApiFetch = (url: string, init: RequestInit) => Promise<Response>;

export type StorefrontEntry = {
  render(url: string, apiFetch: ApiFetch): Promise<RenderResult>;
  DEHYDRATED_STATE_ID: string;
};
