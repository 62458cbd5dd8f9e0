import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNER_RASTER_WIDTHS } from '@shopper/contract';
import { renderPlaceholderSvg } from './garment-art.ts';
import { imagesRoutes } from './images.routes.ts';
import { serverDrawsText } from './svg-raster.ts';

const app = Fastify();

beforeAll(async () => {
  await app.register(imagesRoutes);
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('GET /images/products/:name', () => {
  it('renders a product image with long-lived caching headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/images/products/tshirt-1f4e79-front.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.body.startsWith('<svg')).toBe(true);
    expect(res.body).toContain('#1f4e79');
  });

  it('answers 304 when the etag matches', async () => {
    const url = '/images/products/dress-c8553d-back.svg';
    const first = await app.inject({ method: 'GET', url });
    const etag = String(first.headers.etag);
    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const weak = await app.inject({ method: 'GET', url, headers: { 'if-none-match': `"x", W/${etag}` } });
    expect(weak.statusCode).toBe(304);
    const stale = await app.inject({ method: 'GET', url, headers: { 'if-none-match': '"stale"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('serves the same body from its cache', async () => {
    const url = '/images/products/jeans-2b2b2b-detail.svg';
    const a = await app.inject({ method: 'GET', url });
    const b = await app.inject({ method: 'GET', url });
    expect(b.body).toBe(a.body);
    expect(b.headers.etag).toBe(a.headers.etag);
  });

  it.each(['tshirt-zzzzzz-front.svg', 'tshirt-1f4e79-front.png', '..%2F..%2Fetc%2Fpasswd'])(
    'answers 404 with the placeholder picture for %s',
    async (name) => {
      const res = await app.inject({ method: 'GET', url: `/images/products/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.body).toBe(renderPlaceholderSvg());
    },
  );
});

describe('GET /images/products/{name}.webp', () => {
  it('renders the drawing as a WebP at its own size, cached like the drawing', async () => {
    const url = '/images/products/coat-7a4b3c-front.webp';
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 600, height: 750 });
    // The garment is drawn in its colour (#7a4b3c, lit by the drawing's shading) mid-body.
    const pixel = await sharp(res.rawPayload).extract({ left: 250, top: 400, width: 1, height: 1 }).raw().toBuffer();
    [0x7a, 0x4b, 0x3c].forEach((channel, i) => expect(Math.abs((pixel[i] ?? 0) - channel)).toBeLessThan(30));
    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it.each(['tshirt-zzzzzz-front.webp', 'cape-1f4e79-front.webp', 'tshirt-1f4e79-front.svg.webp', '.webp'])(
    'answers 404 with the placeholder picture for %s',
    async (name) => {
      const res = await app.inject({ method: 'GET', url: `/images/products/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(renderPlaceholderSvg());
    },
  );
});

describe('GET /images/banners/:name', () => {
  it.each(['men', 'women', 'kids'])('renders the %s banner with long-lived caching headers', async (category) => {
    const res = await app.inject({ method: 'GET', url: `/images/banners/${category}.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toContain('width="1440" height="360"');
    const again = await app.inject({
      url: `/images/banners/${category}.svg`,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it.each(['pets.svg', 'men.png', 'MEN.svg', 'men', '..%2Fmen.svg', 'constructor.svg'])(
    'answers 404 with the placeholder picture for %s',
    async (name) => {
      const res = await app.inject({ method: 'GET', url: `/images/banners/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(renderPlaceholderSvg());
    },
  );
});

describe('GET /images/placeholder.svg', () => {
  it('serves the placeholder with caching headers and honours if-none-match', async () => {
    const res = await app.inject({ method: 'GET', url: '/images/placeholder.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(renderPlaceholderSvg());
    const again = await app.inject({
      method: 'GET',
      url: '/images/placeholder.svg',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /images/banners/{category}-{width}.webp', () => {
  it('this machine draws the banners’ words (the CI installs fonts-dejavu-core)', async () => {
    expect(await serverDrawsText()).toBe(true);
  });

  it.each(BANNER_RASTER_WIDTHS.map((width) => [width]))('renders the banner %i pixels wide as WebP', async (width) => {
    const url = `/images/banners/women-${width}.webp`;
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const picture = await sharp(res.rawPayload).metadata();
    expect(picture).toMatchObject({ format: 'webp', width, height: width / 4 });
    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    'women-800.webp',
    'women-0720.webp',
    'women-1440.png',
    'pets-720.webp',
    'women-720.svg',
    'women-99999.webp',
  ])('answers 404 with the placeholder picture for %s', async (name) => {
    const res = await app.inject({ method: 'GET', url: `/images/banners/${name}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(renderPlaceholderSvg());
  });

  it('sends the browser to the SVG when the machine has no font to draw the words with', async () => {
    const fontless = Fastify();
    await fontless.register(imagesRoutes, { drawsText: async () => false });
    try {
      const res = await fontless.inject({ method: 'GET', url: '/images/banners/men-720.webp' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/images/banners/men.svg');
      expect(res.headers['cache-control']).toBe('no-cache');
    } finally {
      await fontless.close();
    }
  });
});

describe('WebP renderings', () => {
  it.each(['/images/products/skirt-b03a2e-back.webp', '/images/banners/kids-1080.webp'])(
    'renders %s once for requests that arrive together',
    async (url) => {
      const [a, b] = await Promise.all([app.inject({ url }), app.inject({ url })]);
      expect(a.statusCode).toBe(200);
      expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
      expect(b.headers.etag).toBe(a.headers.etag);
    },
  );
});
