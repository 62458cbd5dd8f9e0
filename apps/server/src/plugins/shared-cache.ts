import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cleanSurrogateKeys } from '../lib/surrogate-keys.ts';

export type SharedCachePolicy = {
  /** `s-maxage`: how long a shared cache in front may serve an answer; 0 shares nothing. */
  sharedSeconds: number;
  /** `stale-while-revalidate`: how long after that it may serve the old copy while it fetches anew. */
  staleSeconds: number;
};

/**
 * Marks an answer that is the same for every guest as one a shared cache in front (a CDN, Varnish,
 * nginx) may keep, filed under `keys` (decision 063). A request that carries a cookie or a token
 * is answered `private`: it may be a signed-in customer, and nothing of theirs is ever shared.
 */
export type MarkShareable = (request: FastifyRequest, reply: FastifyReply, keys: Iterable<string>) => void;

const PRIVATE = 'private, no-cache';

/** Who may be signed in: a cookie (the refresh token's) or a token header of any kind. */
export function carriesCredentials(request: FastifyRequest): boolean {
  const { headers } = request;
  return Boolean(headers.cookie || headers.authorization || headers['auth-token']);
}

export function sharedCacheMarker({ sharedSeconds, staleSeconds }: SharedCachePolicy): MarkShareable {
  const publicValue = [
    'public',
    // Browsers revalidate every time (with the entity tag), so a catalog change shows at once there.
    'max-age=0',
    `s-maxage=${sharedSeconds}`,
    ...(staleSeconds > 0 ? [`stale-while-revalidate=${staleSeconds}`] : []),
  ].join(', ');
  return (request, reply, keys) => {
    if (sharedSeconds === 0 || carriesCredentials(request)) {
      reply.header('cache-control', carriesCredentials(request) ? PRIVATE : 'no-cache');
      return;
    }
    const clean = cleanSurrogateKeys(keys);
    reply.header('cache-control', publicValue);
    if (clean.length > 0) {
      // Fastly and Varnish (xkey) read space-separated keys; Cloudflare reads comma-separated tags.
      reply.header('surrogate-key', clean.join(' '));
      reply.header('cache-tag', clean.join(','));
    }
  };
}

/**
 * The last word before an answer leaves: one marked public that sets a cookie, or that is not a
 * success, is made private again, whoever marked it. A cookie is someone's, and an error is not
 * worth keeping for everyone.
 */
export function installSharedCacheGuard(app: FastifyInstance): void {
  // Synchronous: it runs on every answer, and an async hook costs a promise each time.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const cacheControl = reply.getHeader('cache-control');
    if (typeof cacheControl === 'string' && cacheControl.startsWith('public')) {
      const status = reply.statusCode;
      if (reply.hasHeader('set-cookie') || (status !== 200 && status !== 304)) {
        reply.header('cache-control', PRIVATE);
        reply.removeHeader('surrogate-key');
        reply.removeHeader('cache-tag');
      }
    }
    done(null, payload);
  });
}
