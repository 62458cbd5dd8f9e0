import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// Type-only import: brings in @fastify/swagger's `schema.hide` typing without loading the plugin.
import type {} from '@fastify/swagger';
import { BANNER_RASTER_WIDTHS } from '@shopper/contract';
import { isBannerCategory, renderCategoryBannerSvg } from './category-banner-art.ts';
import {
  DRAWINGS_PATH,
  GARMENT_ART_SIZE,
  parseImageName,
  renderGarmentSvg,
  renderPlaceholderSvg,
} from './garment-art.ts';
import { rasterizeSvg, serverDrawsText } from './svg-raster.ts';

const SVG_TYPE = 'image/svg+xml; charset=utf-8';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// The SVGs are ours and script-free; the policy still stops anything active if one is opened directly.
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";
const MAX_CACHED = 500;

type Rendered<Body extends string | Buffer = string> = { body: Body; etag: string };
type RenderedPicture = Rendered<Buffer>;

function rendered<Body extends string | Buffer>(body: Body): Rendered<Body> {
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`;
  return { body, etag };
}

/** Keeps at most MAX_CACHED entries, forgetting the oldest first. */
function remember<Value>(cache: Map<string, Value>, key: string, value: Value): void {
  if (cache.size >= MAX_CACHED) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(key, value);
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === etag;
  });
}

/** A drawing or a picture of ours, cached for a year and revalidated by its ETag. */
function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  image: Rendered<string | Buffer>,
  type = SVG_TYPE,
): FastifyReply {
  reply.header('cache-control', IMMUTABLE).header('etag', image.etag).header('content-security-policy', SVG_CSP);
  if (matchesEtag(request.headers['if-none-match'], image.etag)) return reply.code(304).send();
  return reply.type(type).send(image.body);
}

export interface ImagesRoutesOptions {
  /** Whether this machine can draw the banners' words; the fonts it has decide (svg-raster.ts). */
  drawsText?: () => Promise<boolean>;
}

export async function imagesRoutes(
  app: FastifyInstance,
  { drawsText = serverDrawsText }: ImagesRoutesOptions = {},
): Promise<void> {
  const placeholder = rendered(renderPlaceholderSvg());
  const cache = new Map<string, Rendered>();

  // docs/product.md#images: a missing image shows the placeholder, so even the 404 is a picture.
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
    remember(cache, name, image);
    return image;
  }

  // Kept as promises: requests that arrive while a rendering is under way share it.
  const pictures = new Map<string, Promise<RenderedPicture>>();
  function picture(key: string, svg: string, width: number): Promise<RenderedPicture> {
    let hit = pictures.get(key);
    if (!hit) {
      hit = rasterizeSvg(svg, width).then((body) => rendered(body));
      remember(pictures, key, hit);
      hit.catch(() => pictures.delete(key));
    }
    return hit;
  }

  // `{garment}-{colour}-{view}.svg` is a drawing; the same name in `.webp` its rendering at the
  // drawing's own size, for link previews, which do not show SVG (decision 038).
  app.get<{ Params: { name: string } }>(`${DRAWINGS_PATH}:name`, { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    const isPicture = name.endsWith('.webp');
    const image = render(isPicture ? `${name.slice(0, -'.webp'.length)}.svg` : name);
    if (!image) return sendMissing(reply);
    if (!isPicture) return sendImage(request, reply, image);
    return sendImage(request, reply, await picture(name, image.body, GARMENT_ART_SIZE.width), 'image/webp');
  });

  const banners = new Map<string, Rendered>();
  function bannerSvg(category: Parameters<typeof renderCategoryBannerSvg>[0]): Rendered {
    let banner = banners.get(category);
    if (!banner) {
      banner = rendered(renderCategoryBannerSvg(category));
      banners.set(category, banner);
    }
    return banner;
  }

  // The category pages' banners (docs/product.md#category-page), named by the categories table; unknown names are a 404.
  // `{category}.svg` is the drawing; `{category}-{width}.webp` its rendering at one of
  // BANNER_RASTER_WIDTHS (decision 037).
  app.get<{ Params: { name: string } }>('/images/banners/:name', { schema: { hide: true } }, async (request, reply) => {
    const match = /^([a-z]{3,5})(?:\.svg|-([1-9]\d{2,3})\.webp)$/.exec(request.params.name);
    const category = match?.[1] ?? '';
    if (!isBannerCategory(category)) return sendMissing(reply);
    const width = match?.[2] === undefined ? null : Number(match[2]);
    if (width === null) return sendImage(request, reply, bannerSvg(category));
    if (!(BANNER_RASTER_WIDTHS as readonly number[]).includes(width)) return sendMissing(reply);
    // Without fonts the rendering would lose the banner's words: the browser draws the SVG instead.
    if (!(await drawsText())) {
      return reply.header('cache-control', 'no-cache').redirect(`/images/banners/${category}.svg`, 302);
    }
    const rendering = await picture(`${category}-${width}`, bannerSvg(category).body, width);
    return sendImage(request, reply, rendering, 'image/webp');
  });

  app.get('/images/placeholder.svg', { schema: { hide: true } }, async (request, reply) =>
    sendImage(request, reply, placeholder),
  );
}
