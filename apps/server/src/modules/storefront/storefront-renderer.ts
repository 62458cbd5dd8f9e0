import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { SLUG_PATTERN, type ApiFetch, type StorefrontEntry } from '@shopper/contract';
import type { CachedPage, CatalogReadCache } from '../catalog/index.ts';
import { headFor } from './head-for.ts';
import { createPageDocument, type ViteManifest } from './page-document.ts';

/** GET of our own API in process: the status, content type and body of the answer. */
export type InjectGet = (
  url: string,
) => Promise<{ statusCode: number; contentType: string; body: Buffer; surrogateKeys?: string }>;

export type StorefrontAnswer = { shell: true } | ({ shell: false } & CachedPage);

export type StorefrontRenderer = {
  /** The answer for a GET of `url` (path and query) on the storefront. */
  answer(url: string): Promise<StorefrontAnswer>;
};

/** Query parameters the listing reads (use-listing-params.ts); anything else never changes a page. */
const LISTING_PARAMS = [
  'q',
  'minPrice',
  'maxPrice',
  'rating',
  'discount',
  'sizes',
  'types',
  'colours',
  'sort',
  'page',
  'limit',
];
/** A category, the shop or a collection: each reads the listing parameters (decision 068). */
const LISTING_PATH = /^\/(?:collections\/)?[^/]+$/;
/** A product page, by slug or by id: it reads `?colour=` (decision 043). */
const PRODUCT_PATH = /^\/products?\/[^/]+$/;

/**
 * The cache key of a page: its path, and for listing pages the listing parameters in a fixed
 * order (a tracking parameter or a reordered query is the same page). A product page keeps the
 * colour it shows (decision 043): the first `colour`, as the page reads it, when it can be a colour's
 * slug at all; any other value shows the default colour, which is the page without one. Paths are
 * case-sensitive.
 */
export function pageCacheKey(url: string): string {
  const { pathname, searchParams } = new URL(url, 'http://shop.invalid');
  if (PRODUCT_PATH.test(pathname)) {
    const colour = searchParams.get('colour');
    return colour !== null && SLUG_PATTERN.test(colour)
      ? `page:${pathname}?${new URLSearchParams({ colour }).toString()}`
      : `page:${pathname}`;
  }
  if (!LISTING_PATH.test(pathname)) return `page:${pathname}`;
  const kept = new URLSearchParams();
  for (const name of LISTING_PARAMS) for (const value of searchParams.getAll(name)) kept.append(name, value);
  const query = kept.toString();
  return `page:${pathname}${query ? `?${query}` : ''}`;
}

function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Loads the built server entry of the storefront; undefined when the build has none (a web build
 * from before server rendering, or the fake builds of tests): the storefront is then the plain shell.
 */
export async function createStorefrontRenderer({
  distDir,
  indexHtml,
  inject,
  cache,
  log,
  publicUrl,
}: {
  distDir: string;
  indexHtml: string;
  inject: InjectGet;
  cache: CatalogReadCache;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** PUBLIC_URL: the origin of canonical and OpenGraph addresses (decision 025). */
  publicUrl: string;
}): Promise<StorefrontRenderer | undefined> {
  const entryFile = path.join(distDir, 'server', 'entry-server.js');
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(entryFile) || !existsSync(manifestFile)) return undefined;
  const entry = (await import(pathToFileURL(entryFile).href)) as StorefrontEntry;
  const document = createPageDocument({
    indexHtml,
    manifest: JSON.parse(readFileSync(manifestFile, 'utf8')) as ViteManifest,
    stateElementId: entry.DEHYDRATED_STATE_ID,
  });

  /** Reads of one render: the page is filed under the surrogate keys of every answer it read (decision 063). */
  const fetcherFor =
    (keys: Set<string>): ApiFetch =>
    async (url, init) => {
      // The renderer only reads: anything else would be a bug in a page's prefetch.
      if ((init.method ?? 'GET') !== 'GET')
        throw new Error(`The server renderer may only read (${init.method} ${url})`);
      const answer = await inject(url);
      for (const key of answer.surrogateKeys?.split(' ') ?? []) if (key) keys.add(key);
      return new Response(new Uint8Array(answer.body), {
        status: answer.statusCode,
        headers: { 'content-type': answer.contentType },
      });
    };

  async function render(url: string): Promise<{ page: CachedPage; cacheable: boolean } | undefined> {
    const keys = new Set<string>();
    const result = await entry.render(url, fetcherFor(keys));
    if (result.kind === 'shell') return undefined;
    if (result.kind === 'redirect') {
      const body = Buffer.alloc(0);
      return { page: { status: 301, body, etag: etagOf(body), location: result.location }, cacheable: true };
    }
    const html = document.build({
      head: headFor(result.page, url, publicUrl),
      html: result.html,
      state: result.state,
      modules: result.modules,
    });
    const body = Buffer.from(html);
    // A 404 is not kept: made-up URLs must not push real pages out of the cache.
    return {
      page: { status: result.status, body, etag: etagOf(body), keys: [...keys] },
      cacheable: result.status === 200,
    };
  }

  return {
    async answer(url) {
      let isShell = false;
      try {
        const page = await cache.page(pageCacheKey(url), async () => {
          const rendered = await render(url);
          if (rendered) return rendered;
          isShell = true;
          return { page: { status: 200, body: Buffer.alloc(0), etag: '' }, cacheable: false };
        });
        return isShell ? { shell: true } : { shell: false, ...page };
      } catch (error) {
        // The API failing under the page (or a render bug) costs the visitor the first paint,
        // not the page: the shell loads it in the browser, which retries and says what failed.
        log.error({ err: error, url }, 'server rendering failed; answered the shell');
        return { shell: true };
      }
    },
  };
}
