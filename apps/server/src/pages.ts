import type { ErrorBody } from '@shopper/contract';
import { MESSAGES } from '@shopper/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { CatalogReadCache } from './modules/catalog/index.ts';
import { createStorefrontRenderer, sendRenderedPage } from './modules/storefront/index.ts';
import type { MarkShareable } from './plugins/shared-cache.ts';
import { isDashboardPath, isPagePath, registerWebApp } from './plugins/web-app.ts';

/**
 * What answers outside the API: the built files of the storefront and of the back office (under
 * `/dashboard/`), the public catalog pages rendered on the server (decision 023), the single-page
 * shell for every other page path, and the JSON 404 for anything else. Registered after the
 * routes, so a URL no route claims ends here.
 */
export async function servePages(
  app: FastifyInstance,
  {
    config,
    catalogCache,
    markShareable,
  }: { config: Config; catalogCache: CatalogReadCache; markShareable: MarkShareable },
): Promise<void> {
  // A worker serves no page (docs/scaling.md#roles): every URL but health and metrics is a 404.
  const servesPages = config.role !== 'worker';
  const indexHtml = servesPages && config.webDistDir ? await registerWebApp(app, config.webDistDir) : undefined;
  const dashboardHtml =
    servesPages && config.dashboardDistDir
      ? await registerWebApp(app, config.dashboardDistDir, { prefix: '/dashboard/', isFirst: !config.webDistDir })
      : undefined;
  const storefront =
    config.webDistDir && indexHtml
      ? await createStorefrontRenderer({
          distDir: config.webDistDir,
          indexHtml,
          cache: catalogCache,
          log: app.log.child({ module: 'storefront' }),
          publicUrl: config.publicUrl,
          inject: async (url) => {
            const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
            const surrogateKeys = answer.headers['surrogate-key'];
            return {
              statusCode: answer.statusCode,
              contentType: String(answer.headers['content-type'] ?? ''),
              body: answer.rawPayload,
              surrogateKeys: typeof surrogateKeys === 'string' ? surrogateKeys : undefined,
            };
          },
        })
      : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isDashboard = isDashboardPath(path);
    const page = isDashboard ? dashboardHtml : indexHtml;
    if (page && (request.method === 'GET' || request.method === 'HEAD') && isPagePath(path)) {
      const rendered = storefront && !isDashboard ? await storefront.answer(request.url) : undefined;
      if (rendered && !rendered.shell) return sendRenderedPage(request, reply, rendered, markShareable);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
    }
    const body: ErrorBody = {
      success: false,
      code: 'NOT_FOUND',
      message: MESSAGES.apiRouteNotFound(request.method, path),
    };
    return reply.status(404).send(body);
  });
}
