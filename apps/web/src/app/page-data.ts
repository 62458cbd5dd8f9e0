import type { QueryClient } from '@tanstack/react-query';
import { CATEGORIES, isCollectionSlug, isStorePageSlug } from '@shopper/contract/plain';
import type { Category, PageData, Product } from '@shopper/contract';
import { categoriesQueryOptions } from '../features/catalog/api/get-categories.ts';
import { productFacetsQueryOptions } from '../features/catalog/api/get-product-facets.ts';
import { productsQueryOptions } from '../features/catalog/api/get-products.ts';
import { parseListingParams } from '../features/catalog/hooks/use-listing-params.ts';
import { featuredWomenQueryOptions } from '../features/home/api/get-featured-women.ts';
import { newCollectionQueryOptions } from '../features/home/api/get-new-collection.ts';
import { productByIdQueryOptions, productBySlugQueryOptions } from '../features/product/api/get-product.ts';
import { relatedProductsQueryOptions } from '../features/product/api/get-related-products.ts';
import { reviewPreviewQueryOptions } from '../features/reviews/api/get-reviews.ts';
import { storePageQueryOptions } from '../features/store-pages/api/get-store-page.ts';
import { collectionQueryOptions } from '../features/catalog/api/get-collection.ts';
import { homeSectionsQueryOptions } from '../features/home/api/get-home-sections.ts';
import { isApiError } from '../lib/api-client.ts';
import { shippingOfferQueryOptions } from '../lib/shipping-offer.ts';
import { COLOUR_PARAM, slugPathOf } from '../lib/product-colours.ts';

export type PageOutcome =
  { kind: 'page'; status: 200 | 404; page: PageData } | { kind: 'redirect'; status: 301; location: string };

/** The route ids whose pages the server renders (router.tsx). */
export const SERVER_RENDERED_ROUTE_IDS = [
  'home',
  'shop',
  'category',
  'product-by-slug',
  'product-by-id',
  'store-page',
  'collection',
  'not-found',
] as const;
export type ServerRenderedRouteId = (typeof SERVER_RENDERED_ROUTE_IDS)[number];

export function isServerRenderedRoute(id: string | undefined): id is ServerRenderedRouteId {
  return (SERVER_RENDERED_ROUTE_IDS as readonly (string | undefined)[]).includes(id);
}

function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

/** 414: a path segment longer than any the API takes (200 characters) names nothing either. */
function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 414);
}

const NOT_FOUND: PageOutcome = { kind: 'page', status: 404, page: { kind: 'not-found', what: 'page' } };
const PRODUCT_NOT_FOUND: PageOutcome = { kind: 'page', status: 404, page: { kind: 'not-found', what: 'product' } };

/**
 * Fills `queryClient` with what the page's hooks ask for (the same query options, so the browser
 * finds them under the same keys) and says what to answer. A failure other than "not found"
 * throws: the server then answers the plain shell and the browser loads the page itself.
 */
export async function preparePage(
  queryClient: QueryClient,
  routeId: ServerRenderedRouteId,
  params: Record<string, string | undefined>,
  search: URLSearchParams,
): Promise<PageOutcome> {
  // Every page's top band says what shipping costs: it is rendered with the page, never after.
  const [, outcome] = await Promise.all([
    queryClient.fetchQuery(shippingOfferQueryOptions),
    prepareRoute(queryClient, routeId, params, search),
  ]);
  return outcome;
}

async function prepareRoute(
  queryClient: QueryClient,
  routeId: ServerRenderedRouteId,
  params: Record<string, string | undefined>,
  search: URLSearchParams,
): Promise<PageOutcome> {
  switch (routeId) {
    case 'home':
      await Promise.all([
        queryClient.fetchQuery(featuredWomenQueryOptions),
        queryClient.fetchQuery(newCollectionQueryOptions),
        queryClient.fetchQuery(homeSectionsQueryOptions),
      ]);
      return { kind: 'page', status: 200, page: { kind: 'home' } };

    case 'shop': {
      const listing = parseListingParams(search);
      await Promise.all([
        queryClient.fetchQuery(productsQueryOptions(listing, undefined)),
        queryClient.fetchQuery(productFacetsQueryOptions(undefined)),
      ]);
      return { kind: 'page', status: 200, page: { kind: 'shop', listing } };
    }

    case 'category': {
      const category = (params.category ?? '').toLowerCase();
      if (!isCategory(category)) return NOT_FOUND;
      const listing = parseListingParams(search);
      const [categories] = await Promise.all([
        queryClient.fetchQuery(categoriesQueryOptions),
        queryClient.fetchQuery(productsQueryOptions(listing, category)),
        queryClient.fetchQuery(productFacetsQueryOptions(category)),
      ]);
      const info = categories.categories.find((candidate) => candidate.slug === category);
      return { kind: 'page', status: 200, page: { kind: 'category', category, info, listing } };
    }

    case 'product-by-slug': {
      let product: Product;
      try {
        product = await queryClient.fetchQuery(productBySlugQueryOptions(queryClient, params.productSlug ?? ''));
      } catch (error) {
        // The page shows "product not found" from the failed query, as the browser would.
        if (isNotFound(error)) return PRODUCT_NOT_FOUND;
        throw error;
      }
      const [, reviews] = await Promise.all([
        queryClient.fetchQuery(relatedProductsQueryOptions(product.category, product.id)),
        queryClient.fetchQuery(reviewPreviewQueryOptions(product.id, 'guest')),
      ]);
      return { kind: 'page', status: 200, page: { kind: 'product', product, reviews } };
    }

    case 'product-by-id': {
      let product: Product;
      try {
        product = await queryClient.fetchQuery(productByIdQueryOptions(params.productId ?? ''));
      } catch (error) {
        if (isNotFound(error)) return PRODUCT_NOT_FOUND;
        throw error;
      }
      if (product.slug) {
        return { kind: 'redirect', status: 301, location: slugPathOf(product, search.get(COLOUR_PARAM)) };
      }
      const [, reviews] = await Promise.all([
        queryClient.fetchQuery(relatedProductsQueryOptions(product.category, product.id)),
        queryClient.fetchQuery(reviewPreviewQueryOptions(product.id, 'guest')),
      ]);
      return { kind: 'page', status: 200, page: { kind: 'product', product, reviews } };
    }

    case 'store-page': {
      const slug = params.slug ?? '';
      if (!isStorePageSlug(slug)) return NOT_FOUND;
      try {
        const { page } = await queryClient.fetchQuery(storePageQueryOptions(slug));
        return { kind: 'page', status: 200, page: { kind: 'store-page', page } };
      } catch (error) {
        if (isNotFound(error)) return NOT_FOUND;
        throw error;
      }
    }

    case 'collection': {
      const slug = params.slug ?? '';
      // An address no collection can have (the API answers 414 past 200 characters) is a 404 page, not the shell.
      if (!isCollectionSlug(slug)) return NOT_FOUND;
      const listing = parseListingParams(search);
      try {
        const [{ collection }, products] = await Promise.all([
          queryClient.fetchQuery(collectionQueryOptions(slug)),
          queryClient.fetchQuery(productsQueryOptions(listing, undefined, slug)),
          queryClient.fetchQuery(productFacetsQueryOptions(undefined)),
        ]);
        const items = products.products.map(({ name, slug: productSlug }) => ({ name, slug: productSlug }));
        return { kind: 'page', status: 200, page: { kind: 'collection', collection, listing, items } };
      } catch (error) {
        if (isNotFound(error)) return NOT_FOUND;
        throw error;
      }
    }

    case 'not-found':
      return NOT_FOUND;
  }
}
