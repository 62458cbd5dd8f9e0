import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { buildStorefront } from '../../test/storefront-build.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const ORIGIN = 'https://shop.example.com';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = await buildStorefront();
  t = await createTestApp({ WEB_DIST_DIR: webDist, PUBLIC_URL: ORIGIN });
  await insertProducts(t.database.db, [
    buildProduct({
      slug: 'harbour-cardigan',
      name: 'Harbour Cardigan',
      category: 'women',
      priceCents: 8900,
      salePriceCents: 6900,
      shortDescription: 'A chunky cardigan for windy harbours.',
    }),
    buildProduct({
      slug: 'sold-out-parka',
      name: 'Sold Out <Parka> & "Co"',
      category: 'men',
      sizes: [{ size: 'M', stock: 0 }],
    }),
    buildProduct({
      slug: 'two-tone-tee',
      name: 'Two-Tone Tee',
      sizes: [],
      colours: [
        {
          name: 'Sage',
          swatch: '#9aab8f',
          images: ['/images/products/tshirt-9aab8f-front.svg'],
          sizes: [{ size: 'M', stock: 2 }],
        },
        {
          name: 'Navy',
          swatch: '#1f2a44',
          images: ['/images/products/tshirt-1f2a44-front.svg'],
          sizes: [{ size: 'M', stock: 0 }],
        },
      ],
    }),
  ]);
  await t.database.db.execute(sql`update products set rating = 4.5, review_count = 2 where slug = 'harbour-cardigan'`);
}, 240_000);

afterAll(async () => {
  await t?.close();
});

async function html(url: string): Promise<string> {
  const response = await t.app.inject({ url, headers: { accept: '*/*' } });
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  return response.body;
}

function headOf(body: string): string {
  return body.slice(0, body.indexOf('</head>'));
}

function jsonLdOf(body: string): Record<string, unknown>[] {
  return [...body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1] as string) as Record<string, unknown>,
  );
}

describe('server-rendered heads (decision 025)', () => {
  it('a product page carries its canonical, OpenGraph, Twitter card and a parsable ProductGroup with its Offers', async () => {
    const head = headOf(await html('/products/harbour-cardigan?utm_source=news'));
    expect(head).toContain('<title>Harbour Cardigan | SHOPPER</title>');
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head.match(/<meta name="description"/g)).toHaveLength(1);
    expect(head).toContain('<meta name="description" content="A chunky cardigan for windy harbours.">');
    expect(head).toContain(`<link rel="canonical" href="${ORIGIN}/products/harbour-cardigan">`);
    expect(head).toContain('<meta property="og:type" content="product">');
    expect(head).toMatch(/<meta property="og:image" content="https:\/\/shop\.example\.com\/images\/products\/[^"]+">/);
    expect(head).toContain('<meta property="og:image:width" content="600">');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
    const [product, breadcrumb] = jsonLdOf(head);
    expect(product).toMatchObject({
      '@type': 'ProductGroup',
      name: 'Harbour Cardigan',
      url: `${ORIGIN}/products/harbour-cardigan`,
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
      hasVariant: [
        {
          '@type': 'Product',
          size: 'S',
          url: `${ORIGIN}/products/harbour-cardigan?colour=standard`,
          offers: { price: '69.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
        },
        { '@type': 'Product', size: 'M' },
      ],
    });
    expect(breadcrumb).toMatchObject({ '@type': 'BreadcrumbList' });
  });

  it('a sold-out product is OutOfStock, its hostile name escaped', async () => {
    const head = headOf(await html('/products/sold-out-parka'));
    expect(head).toContain('<title>Sold Out &lt;Parka&gt; &amp; &quot;Co&quot; | SHOPPER</title>');
    expect(jsonLdOf(head)[0]).toMatchObject({
      name: 'Sold Out <Parka> & "Co"',
      hasVariant: [{ offers: { availability: 'https://schema.org/OutOfStock' } }],
    });
  });

  it("a product page asked for a colour previews that colour's photo, under the product's one canonical (decision 043)", async () => {
    const imageOf = async (url: string) =>
      /<meta property="og:image" content="([^"]+)">/.exec(headOf(await html(url)))?.[1];
    const navy = headOf(await html('/products/two-tone-tee?colour=navy'));
    expect(navy).toContain(`<meta property="og:image" content="${ORIGIN}/images/products/tshirt-1f2a44-front.webp">`);
    expect(navy).toContain(`<link rel="canonical" href="${ORIGIN}/products/two-tone-tee">`);
    expect(navy).toContain(`<meta property="og:url" content="${ORIGIN}/products/two-tone-tee">`);
    const [group] = jsonLdOf(navy);
    expect(
      (group?.hasVariant as { color: string; url: string; offers: { availability: string } }[]).map((v) => [
        v.color,
        v.url,
        v.offers.availability,
      ]),
    ).toEqual([
      ['Sage', `${ORIGIN}/products/two-tone-tee?colour=sage`, 'https://schema.org/InStock'],
      ['Navy', `${ORIGIN}/products/two-tone-tee?colour=navy`, 'https://schema.org/OutOfStock'],
    ]);
    // Each colour's page is its own cache entry; the bare path and unknown values show the default colour.
    const sage = `${ORIGIN}/images/products/tshirt-9aab8f-front.webp`;
    expect(await imageOf('/products/two-tone-tee')).toBe(sage);
    expect(await imageOf('/products/two-tone-tee?colour=teal')).toBe(sage);
    expect(await imageOf('/products/two-tone-tee?colour=%3Cb%3E')).toBe(sage);
    expect(await imageOf('/products/two-tone-tee?colour=navy')).toBe(navy.match(/og:image" content="([^"]+)"/)?.[1]);
  });

  it('product and category previews name a WebP picture the shop serves (link previews do not show SVG)', async () => {
    for (const page of ['/products/harbour-cardigan', '/women']) {
      const image = /<meta property="og:image" content="([^"]+)">/.exec(headOf(await html(page)))?.[1] ?? '';
      expect(image).toMatch(/^https:\/\/shop\.example\.com\/images\/.+\.webp$/);
      const picture = await t.app.inject({ url: image.slice(ORIGIN.length) });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/webp');
    }
  });

  it('listings drop sort and page size from the canonical; search is noindex; home has the SearchAction', async () => {
    expect(headOf(await html('/women?sort=price-asc&page=1'))).toContain(
      `<link rel="canonical" href="${ORIGIN}/women">`,
    );
    expect(headOf(await html('/shop?discount=true&sort=rating'))).toContain(
      `<link rel="canonical" href="${ORIGIN}/shop?discount=true">`,
    );
    expect(headOf(await html('/shop?q=cardigan'))).toContain('<meta name="robots" content="noindex, follow">');
    const home = headOf(await html('/'));
    expect(home).toContain(`<link rel="canonical" href="${ORIGIN}/">`);
    expect(jsonLdOf(home)[0]).toMatchObject({ '@type': 'WebSite', potentialAction: { '@type': 'SearchAction' } });
  });

  it('a missing page is noindex with no canonical', async () => {
    const response = await t.app.inject({ url: '/products/no-such-thing', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    const head = headOf(response.body);
    expect(head).toContain('<meta name="robots" content="noindex, follow">');
    expect(head).not.toContain('rel="canonical"');
  });
});
