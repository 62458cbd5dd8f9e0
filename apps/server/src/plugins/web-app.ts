import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// Paths that are never pages: a miss there is a real 404, so a lost script chunk or image fails
// loudly instead of arriving as HTML.
const NOT_PAGES = /^\/(?:api|assets|images|metrics)(?:\/|$)/;
const FILE_NAME = /\/[^/]*\.[a-z0-9]{1,8}$/i;

/**
 * A GET of a client-side route answers the page whatever its Accept header (issue 8: `curl /`
 * got a JSON 404): anything but the API, the asset folders and file names with an extension.
 */
export function isPagePath(pathname: string): boolean {
  return !NOT_PAGES.test(pathname) && !FILE_NAME.test(pathname);
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every
 * page path answered with index.html (returned here for the not-found handler), so client-side
 * routes survive a reload.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<string> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`The web app is not built: ${indexFile} is missing`);
  const indexHtml = readFileSync(indexFile, 'utf8');

  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    // One route per built file, so unknown paths fall through to the not-found handler.
    wildcard: false,
    setHeaders(reply, filePath) {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  return indexHtml;
}
