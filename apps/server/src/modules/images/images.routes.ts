import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// Type-only import: brings in @fastify/swagger's `schema.hide` typing without loading the plugin.
import type {} from '@fastify/swagger';
import { isBannerCategory, renderCategoryBannerSvg } from './category-banner-art.ts';
import { parseImageName, renderGarmentSvg, renderPlaceholderSvg } from './garment-art.ts';

const SVG_TYPE = 'image/svg+xml; charset=utf-8';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// The SVGs are ours and script-free; the policy still stops anything active if one is opened directly.
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";
const MAX_CACHED = 500;

type Rendered = { body: string; etag: string };

function rendered(body: string): Rendered {
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`;
  return { body, etag };
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === etag;
  });
}

function sendSvg(request: FastifyRequest, reply: FastifyReply, image: Rendered): FastifyReply {
  reply.header('cache-control', IMMUTABLE).header('etag', image.etag).header('content-security-policy', SVG_CSP);
  if (matchesEtag(request.headers['if-none-match'], image.etag)) return reply.code(304).send();
  return reply.type(SVG_TYPE).send(image.body);
}

export async function imagesRoutes(app: FastifyInstance): Promise<void> {
  const placeholder = rendered(renderPlaceholderSvg());
  const cache = new Map<string, Rendered>();

  // SPEC §9: a missing image shows the placeholder, so even the 404 is a picture.
  function sendMissing(reply: FastifyReply): FastifyReply {
    return reply
      .code(404)
      .header('cache-control', 'no-cache')
      .header('content-security-policy', SVG_CSP)
      .type(SVG_TYPE)
      .send(placeholder.body);
  }

  function render(name: string): Rendered | null {
    const hit = cache.get(name);
    if (hit) return hit;
    const parsed = parseImageName(name);
    if (!parsed) return null;
    const image = rendered(renderGarmentSvg(parsed));
    if (cache.size >= MAX_CACHED) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    cache.set(name, image);
    return image;
  }

  app.get<{ Params: { name: string } }>(
    '/images/products/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const image = render(request.params.name);
      if (image) return sendSvg(request, reply, image);
      return sendMissing(reply);
    },
  );

  const banners = new Map<string, Rendered>();
  // The category pages' banners (SPEC §2), named by the categories table; unknown names are a 404.
  app.get<{ Params: { name: string } }>('/images/banners/:name', { schema: { hide: true } }, async (request, reply) => {
    const category = /^([a-z]{3,5})\.svg$/.exec(request.params.name)?.[1] ?? '';
    if (!isBannerCategory(category)) return sendMissing(reply);
    let banner = banners.get(category);
    if (!banner) {
      banner = rendered(renderCategoryBannerSvg(category));
      banners.set(category, banner);
    }
    return sendSvg(request, reply, banner);
  });

  app.get('/images/placeholder.svg', { schema: { hide: true } }, async (request, reply) =>
    sendSvg(request, reply, placeholder),
  );
}
