import { MESSAGES, PAGE_TITLES } from '@shopper/contract';
import {
  categoryHead,
  collectionHead,
  homeHead,
  notFoundHead,
  productHead,
  renderHead,
  shopHead,
  storePageHead,
} from '../seo/index.ts';
import type { PageData } from '@shopper/contract';

/**
 * The head of a server-rendered page (decision 025): title, description, canonical, OpenGraph,
 * Twitter card and JSON-LD. `url` is the request's path and query (the listing's canonical rules
 * read it); `publicOrigin` is PUBLIC_URL.
 */
export function headFor(page: PageData, url: string, publicOrigin: string): string {
  const query = new URL(url, 'http://shop.invalid').searchParams;
  switch (page.kind) {
    case 'home':
      return renderHead(homeHead(), publicOrigin);
    case 'shop':
      return renderHead(shopHead(query), publicOrigin);
    case 'category':
      return renderHead(categoryHead(page.info ?? page.category, query), publicOrigin);
    case 'product':
      return renderHead(
        productHead(page.product, page.reviews?.reviews ?? [], query.get('colour') ?? undefined),
        publicOrigin,
      );
    case 'collection':
      return renderHead(collectionHead(page.collection, page.items, query), publicOrigin);
    case 'store-page':
      return renderHead(storePageHead(page.page), publicOrigin);
    case 'not-found':
      return renderHead(
        notFoundHead(page.what === 'product' ? MESSAGES.productNotFound : PAGE_TITLES.notFound),
        publicOrigin,
      );
  }
}
