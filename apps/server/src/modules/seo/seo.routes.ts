import type { FastifyInstance } from 'fastify';
// Type-only import: brings in @fastify/swagger's `schema.hide` typing without loading the plugin.
import type {} from '@fastify/swagger';
import type { CatalogReadCache, CatalogService, CategoriesService } from '../catalog/index.ts';
import { collectionPath, storePagePath } from '@shopper/contract';
import type { CollectionsService } from '../collections/index.ts';
import type { StorePagesService } from '../store-pages/index.ts';
import { renderRobots } from './robots.ts';
import { SITEMAP_MAX_URLS, renderSitemap, sitemapEntries } from './sitemap.ts';

/** Crawlers and CDNs may keep these a few minutes; the shop's own copy follows catalog changes at once. */
const CACHE_CONTROL = 'public, max-age=300';

/** /sitemap.xml and /robots.txt (docs/product.md#seo), on the public origin PUBLIC_URL, never the Host header. */
export function seoRoutes({
  catalog,
  categories,
  catalogCache,
  storePages,
  collections,
  publicUrl,
}: {
  catalog: CatalogService;
  categories: CategoriesService;
  catalogCache: CatalogReadCache;
  storePages: Pick<StorePagesService, 'list'>;
  collections: Pick<CollectionsService, 'visible'>;
  publicUrl: string;
}) {
  const robots = renderRobots(publicUrl);

  return async (app: FastifyInstance): Promise<void> => {
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
      // Built from the catalog, so kept in the catalog read cache and dropped on any catalog change.
      const xml = await catalogCache.bytes('seo:sitemap', async () => {
        const [products, categoryList, pages, visibleCollections] = await Promise.all([
          catalog.publishedSlugs(SITEMAP_MAX_URLS),
          categories.list(),
          storePages.list(),
          collections.visible(),
        ]);
        const pageEntries = [
          ...pages.map((page) => ({
            path: storePagePath(page.slug),
            lastmod: page.updatedAt ? new Date(page.updatedAt) : undefined,
          })),
          ...visibleCollections.map((collection) => ({
            path: collectionPath(collection.slug),
            lastmod: new Date(collection.updatedAt),
          })),
        ];
        return Buffer.from(renderSitemap(sitemapEntries(products, categoryList, pageEntries), publicUrl));
      });
      return reply.type('application/xml; charset=utf-8').header('cache-control', CACHE_CONTROL).send(xml);
    });

    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(robots),
    );
  };
}
