import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedPage } from '../catalog/index.ts';
import type { MarkShareable } from '../../plugins/shared-cache.ts';
import { encodedBody } from './encoded-body.ts';

/**
 * HTTP for a server-rendered page (decision 024): the same for everyone (nothing in it is about the
 * visitor), revalidated by browsers on every use with its entity tag, so a catalog change shows at
 * once, kept by a shared cache in front for guests until a purge (decision 063), and
 * compressed as the client accepts. The tag is weak: brotli, gzip and plain copies share it.
 */
export async function sendRenderedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  markShareable: MarkShareable,
) {
  if (page.location !== undefined) {
    return reply.status(page.status).header('location', page.location).header('cache-control', 'no-cache').send();
  }
  const etag = `W/${page.etag}`;
  reply.header('etag', etag).header('vary', 'accept-encoding');
  // Shared by a cache in front for guests only, filed under what the page shows (decision 063).
  if (page.status === 200) markShareable(request, reply, page.keys ?? []);
  else reply.header('cache-control', 'no-cache');
  if (page.status === 200 && matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  const { encoding, bytes } = await encodedBody(page.body, request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.status(page.status).type('text/html; charset=utf-8').send(bytes);
}

/** If-None-Match compares weakly (RFC 9110 §13.1.2): W/"x" and "x" are the same tag. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === bare;
  });
}
