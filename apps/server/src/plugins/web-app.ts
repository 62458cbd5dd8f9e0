import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// Paths that are never pages: a miss there is a real 404, so a lost script chunk or image fails
// loudly instead of arriving as HTML.
const NOT_PAGES = /^\/(?:api|assets|images|metrics)(?:\/|$)/;
const FILE_NAME = /\/[^/]*\.[a-z0-9]{1,8}$/i;

/**
 * A GET of a client-side route answers the page whatever its Accept header (decision 016: `curl /`
 * got a JSON 404): anything but the API, the asset folders and file names with an extension.
 */
export function isPagePath(pathname: string): boolean {
  return !NOT_PAGES.test(pathname) && !FILE_NAME.test(pathname);
}

/**
 * Serves a built single-page app under `prefix`: hashed assets cached for a year, index.html never
 * cached, and every non-API GET under the prefix that accepts HTML answered with index.html
 * (returned here for the not-found handler), so client-side routes survive a reload. The
 * storefront sits at '/', the back office at '/dashboard/' (decision 020).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  { prefix = '/', isFirst = true }: { prefix?: string; isFirst?: boolean } = {},
): Promise<string> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`The web app is not built: ${indexFile} is missing`);
  const indexHtml = readFileSync(indexFile, 'utf8');

  await app.register(fastifyStatic, {
    root: distDir,
    prefix,
    index: false,
    // One route per built file, so unknown paths fall through to the not-found handler.
    wildcard: false,
    // reply.sendFile is decorated once, by the first app registered.
    decorateReply: isFirst,
    // The storefront's build writes brotli and gzip copies of its assets (decision 026): they go out
    // as they are, instead of being compressed again, less tightly, on every request.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  return indexHtml;
}

/** Which app's page answers an HTML GET of `path`: the back office's under /dashboard, else the shop's. */
export function isDashboardPath(path: string): boolean {
  return path === '/dashboard' || path.startsWith('/dashboard/');
}
