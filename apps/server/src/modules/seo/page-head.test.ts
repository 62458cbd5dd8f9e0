import type { CategoryInfo, Product, Review } from '@shopper/contract';
import { PLACEHOLDER_IMAGE, ProductSchema } from '@shopper/contract';
import { describe, expect, it } from 'vitest';
import { categoryHead, homeHead, notFoundHead, productHead, renderHead, shopHead, summarize } from './page-head.ts';

const ORIGIN = 'https://shop.example.com';

function product(overrides: Partial<Product> = {}): Product {
  const colour = {
    id: 'a3f1c2d4-5b6e-4f70-8a91-b2c3d4e5f601',
    slug: 'standard',
    name: 'Standard',
    swatch: '#1f4e79',
    family: 'blue',
    images: overrides.images ?? ['/images/products/shirt-1f4e79-front.svg', '/images/products/shirt-1f4e79-back.svg'],
    mainImage: overrides.mainImage ?? '/images/products/shirt-1f4e79-front.svg',
    mainImageIndex: 0,
    stock: overrides.stock ?? [
      { size: 'S', quantity: 0 },
      { size: 'M', quantity: 3 },
    ],
    in_stock: overrides.in_stock ?? true,
  };
  return ProductSchema.parse({
    colours: [colour],
    defaultColourId: colour.id,
    _id: '0b9b6a51-8a6e-4c36-9d1c-3f0f1d7c2a10',
    id: '0b9b6a51-8a6e-4c36-9d1c-3f0f1d7c2a10',
    slug: 'linen-shirt',
    name: 'Linen Shirt',
    images: ['/images/products/shirt-1f4e79-front.svg', '/images/products/shirt-1f4e79-back.svg'],
    mainImage: '/images/products/shirt-1f4e79-front.svg',
    mainImageIndex: 0,
    image: '/images/products/shirt-1f4e79-front.svg',
    old_price: 59.9,
    new_price: 0,
    category: 'women',
    tags: ['linen'],
    types: ['shirts'],
    rating: 0,
    reviewCount: 0,
    sizes: ['S', 'M'],
    stock: [
      { size: 'S', quantity: 0 },
      { size: 'M', quantity: 3 },
    ],
    shortDescription: 'A breezy linen shirt.',
    longDescription: 'A breezy linen shirt for warm days.',
    description: 'A breezy linen shirt for warm days.',
    brand: 'Loomwell',
    date: '2026-06-01T00:00:00.000Z',
    in_stock: true,
    ...overrides,
  });
}

const review = (overrides: Partial<Review> = {}): Review => ({
  _id: 'r1',
  productId: '0b9b6a51-8a6e-4c36-9d1c-3f0f1d7c2a10',
  user: { name: 'Ada' },
  date: '2026-07-02T10:00:00.000Z',
  rating: 4,
  content: 'Soft and cool on hot days.',
  verifiedPurchase: true,
  isMine: false,
  ...overrides,
});

/** The JSON-LD blocks of rendered head HTML, parsed as a crawler does. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1] as string) as Record<string, unknown>,
  );
}

function attributeOf(html: string, selector: RegExp): string | undefined {
  return selector.exec(html)?.[1];
}

const canonicalOf = (html: string) => attributeOf(html, /<link rel="canonical" href="([^"]*)">/);

describe('productHead + renderHead', () => {
  it('carries the title with the site suffix, the description, canonical and the OpenGraph product', () => {
    const html = renderHead(productHead(product()), ORIGIN);
    expect(html).toContain('<title>Linen Shirt | SHOPPER</title>');
    expect(html).toContain('<meta name="description" content="A breezy linen shirt.">');
    expect(canonicalOf(html)).toBe('https://shop.example.com/products/linen-shirt');
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).toContain('<meta property="og:url" content="https://shop.example.com/products/linen-shirt">');
    expect(html).toContain(
      '<meta property="og:image" content="https://shop.example.com/images/products/shirt-1f4e79-front.webp">',
    );
    expect(html).toContain('<meta property="og:image:width" content="600">');
    expect(html).toContain('<meta property="og:image:height" content="750">');
    expect(html).toContain('<meta property="product:price:amount" content="59.90">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).not.toContain('name="robots"');
  });

  it('gives a ProductGroup with one variant per size, each with its Offer at the price paid, in USD', () => {
    const [ld, crumbs] = jsonLdOf(renderHead(productHead(product({ old_price: 80, new_price: 59.5 })), ORIGIN));
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProductGroup',
      name: 'Linen Shirt',
      productGroupID: '0b9b6a51-8a6e-4c36-9d1c-3f0f1d7c2a10',
      url: 'https://shop.example.com/products/linen-shirt',
      variesBy: ['https://schema.org/size', 'https://schema.org/color'],
      brand: { '@type': 'Brand', name: 'Loomwell' },
      category: 'Women',
      image: [
        'https://shop.example.com/images/products/shirt-1f4e79-front.svg',
        'https://shop.example.com/images/products/shirt-1f4e79-back.svg',
      ],
    });
    expect(ld).not.toHaveProperty('offers');
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld?.hasVariant).toEqual([
      {
        '@type': 'Product',
        name: 'Linen Shirt — Standard, size S',
        color: 'Standard',
        size: 'S',
        image: 'https://shop.example.com/images/products/shirt-1f4e79-front.svg',
        url: 'https://shop.example.com/products/linen-shirt?colour=standard',
        offers: {
          '@type': 'Offer',
          url: 'https://shop.example.com/products/linen-shirt?colour=standard',
          price: '59.50',
          priceCurrency: 'USD',
          availability: 'https://schema.org/OutOfStock',
          itemCondition: 'https://schema.org/NewCondition',
        },
      },
      expect.objectContaining({
        size: 'M',
        offers: expect.objectContaining({ availability: 'https://schema.org/InStock', price: '59.50' }),
      }),
    ]);
    expect(crumbs).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example.com/' },
        { '@type': 'ListItem', position: 2, name: 'Women', item: 'https://shop.example.com/women' },
        {
          '@type': 'ListItem',
          position: 3,
          name: 'Linen Shirt',
          item: 'https://shop.example.com/products/linen-shirt',
        },
      ],
    });
  });

  it('is out of stock when no size has stock, whatever the price', () => {
    const soldOut = product({
      stock: [
        { size: 'S', quantity: 0 },
        { size: 'M', quantity: 0 },
      ],
      in_stock: false,
    });
    const html = renderHead(productHead(soldOut), ORIGIN);
    const [ld] = jsonLdOf(html);
    expect((ld?.hasVariant as { offers: object }[]).map((variant) => variant.offers)).toEqual([
      expect.objectContaining({ availability: 'https://schema.org/OutOfStock', price: '59.90' }),
      expect.objectContaining({ availability: 'https://schema.org/OutOfStock', price: '59.90' }),
    ]);
    expect(html).toContain('<meta property="product:availability" content="out of stock">');
  });

  it('adds the AggregateRating and the reviews shown when the product has reviews', () => {
    const reviewed = product({ rating: 4.33333, reviewCount: 3 });
    const [ld] = jsonLdOf(renderHead(productHead(reviewed, [review(), review({ _id: 'r2', rating: 5 })]), ORIGIN));
    expect(ld).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 3, bestRating: 5 },
      review: [
        {
          '@type': 'Review',
          author: { '@type': 'Person', name: 'Ada' },
          datePublished: '2026-07-02',
          reviewRating: { '@type': 'Rating', ratingValue: 4 },
          reviewBody: 'Soft and cool on hot days.',
        },
        { reviewRating: { ratingValue: 5 } },
      ],
    });
  });

  it('escapes a hostile product name in every attribute, the title and the JSON-LD', () => {
    const hostile = `"><script>alert(1)</script><!-- & 'x' </script>`;
    const html = renderHead(
      productHead(product({ name: hostile, shortDescription: hostile, brand: '</script><b>' }), [
        review({ content: '</script><img src=x onerror=alert(1)>', user: { name: '<b>Eve</b>' } }),
      ]),
      ORIGIN,
    );
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<!--');
    // Only our own script elements open and close.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).toContain(
      '<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &amp; &#39;x&#39; &lt;/script&gt; | SHOPPER</title>',
    );
    const [ld] = jsonLdOf(html);
    expect(ld).toMatchObject({ name: hostile, brand: { name: '</script><b>' } });
  });

  it('has a variant per visible colour and size, each with its colour, photo, address and stock, and the SKU when set', () => {
    const sage = {
      id: 'c0000000-0000-4000-8000-000000000001',
      slug: 'sage',
      name: 'Sage',
      swatch: '#9aab8f',
      family: 'green',
      images: ['/images/products/shirt-9aab8f-front.svg'],
      mainImage: '/images/products/shirt-9aab8f-front.svg',
      mainImageIndex: 0,
      stock: [
        { size: 'S', quantity: 4, sku: 'LS-SAGE-S' },
        { size: 'M', quantity: 0 },
      ],
      in_stock: true,
    };
    const twoColours = product();
    const [ld] = jsonLdOf(
      renderHead(productHead(ProductSchema.parse({ ...twoColours, colours: [...twoColours.colours, sage] })), ORIGIN),
    );
    const variants = ld?.hasVariant as Record<string, unknown>[];
    expect(variants.map((v) => [v.color, v.size, v.sku, (v.offers as { availability: string }).availability])).toEqual([
      ['Standard', 'S', undefined, 'https://schema.org/OutOfStock'],
      ['Standard', 'M', undefined, 'https://schema.org/InStock'],
      ['Sage', 'S', 'LS-SAGE-S', 'https://schema.org/InStock'],
      ['Sage', 'M', undefined, 'https://schema.org/OutOfStock'],
    ]);
    expect(variants[2]).toMatchObject({
      name: 'Linen Shirt — Sage, size S',
      image: 'https://shop.example.com/images/products/shirt-9aab8f-front.svg',
      url: 'https://shop.example.com/products/linen-shirt?colour=sage',
    });
  });

  it("previews the chosen colour's main photo; canonical and og:url stay the product's own address", () => {
    const url = '/images/uploads/bbbbbbbbbbbbbbbbbbbb-640.webp';
    const navy = {
      id: 'c0000000-0000-4000-8000-000000000002',
      slug: 'navy',
      name: 'Navy & <Co>',
      swatch: '#1f2a44',
      family: 'blue',
      images: ['/images/products/shirt-1f2a44-back.svg', url],
      mainImage: url,
      mainImageIndex: 1,
      stock: [{ size: 'M', quantity: 1 }],
      in_stock: true,
      imageSources: {
        [url]: { srcSet: `${url.replace('-640', '-960')} 960w, ${url} 640w`, width: 1200, height: 1500 },
      },
    };
    const base = product();
    const twoColours = ProductSchema.parse({ ...base, colours: [...base.colours, navy] });
    const chosen = renderHead(productHead(twoColours, [], 'navy'), ORIGIN);
    expect(chosen).toContain(
      '<meta property="og:image" content="https://shop.example.com/images/uploads/bbbbbbbbbbbbbbbbbbbb-960.webp">',
    );
    expect(chosen).toContain('<meta property="og:image:width" content="960">');
    expect(chosen).toContain('<meta property="og:image:height" content="1200">');
    expect(canonicalOf(chosen)).toBe('https://shop.example.com/products/linen-shirt');
    expect(chosen).toContain('<meta property="og:url" content="https://shop.example.com/products/linen-shirt">');
    // The JSON-LD is the same whichever colour the page shows, with the colour's name escaped.
    expect(jsonLdOf(chosen)).toEqual(jsonLdOf(renderHead(productHead(twoColours), ORIGIN)));
    expect(chosen).not.toContain('<Co>');
    // An unknown or hidden colour previews the default colour, as the page shows it.
    for (const colour of [undefined, 'teal', '', '../navy']) {
      expect(renderHead(productHead(twoColours, [], colour), ORIGIN)).toContain(
        '<meta property="og:image" content="https://shop.example.com/images/products/shirt-1f4e79-front.webp">',
      );
    }
  });

  it('previews a product without pictures by the placeholder drawing', () => {
    const bare = product({ images: [], mainImage: '' });
    expect(productHead(bare).image).toMatchObject({ url: PLACEHOLDER_IMAGE, width: 600, height: 750 });
  });

  it('shows an uploaded picture at its largest variant, with that variant’s size', () => {
    const url = '/images/uploads/aaaaaaaaaaaaaaaaaaaa-960.webp';
    const uploaded = product({
      images: [url],
      mainImage: url,
      image: url,
      imageSources: {
        [url]: {
          srcSet:
            '/images/uploads/aaaaaaaaaaaaaaaaaaaa-320.webp 320w, /images/uploads/aaaaaaaaaaaaaaaaaaaa-1280.webp 1280w',
          width: 1280,
          height: 1600,
        },
      },
    });
    expect(productHead(uploaded).image).toEqual({
      url: '/images/uploads/aaaaaaaaaaaaaaaaaaaa-1280.webp',
      width: 1280,
      height: 1600,
      alt: 'Linen Shirt',
    });
  });

  it('falls back to the long description, then to name, brand and price, for the meta description', () => {
    expect(productHead(product({ shortDescription: '', description: 'Long text.' })).description).toBe('Long text.');
    expect(productHead(product({ shortDescription: '', description: '' })).description).toBe(
      'Linen Shirt by Loomwell, $59.90. Women Collection at SHOPPER.',
    );
  });
});

describe('canonical rules of listings (decision 025)', () => {
  const canonical = (query: string) => shopHead(query).canonicalPath;

  it('drops sort, page size, view and tracking parameters', () => {
    expect(canonical('')).toBe('/shop');
    expect(canonical('sort=price-asc&view=grid&utm_source=news&fbclid=abc')).toBe('/shop');
    expect(shopHead('sort=rating').robots).toBeUndefined();
  });

  it('keeps the deals filter, a single type and the page, in one order', () => {
    expect(canonical('page=2&discount=true&sort=rating')).toBe('/shop?discount=true&page=2');
    expect(canonical('types=dresses&page=3')).toBe('/shop?types=dresses&page=3');
    expect(canonical('discount=false&page=1')).toBe('/shop');
    expect(canonical('page=abc')).toBe('/shop');
  });

  it('points a page of another size at the first page', () => {
    expect(canonical('page=2&limit=48')).toBe('/shop');
    expect(canonical('page=2&limit=12')).toBe('/shop?page=2');
    expect(canonical('page=2&limit=999')).toBe('/shop?page=2');
  });

  it('keeps search results and narrow filters out of indexes', () => {
    for (const query of [
      'q=linen',
      'minPrice=20',
      'maxPrice=50',
      'rating=4',
      'sizes=M',
      'colours=green',
      'colours=green,blue&sizes=M',
      'brand=Loomwell',
      'types=a,b',
    ]) {
      expect(shopHead(query).robots, query).toBe('noindex');
      expect(shopHead(query).canonicalPath, query).toBe('/shop');
    }
    for (const query of ['minPrice=0', 'maxPrice=1000', 'rating=9', 'q=%20', 'types=a,a', 'colours=', 'colours=,']) {
      expect(shopHead(query).robots, query).toBeUndefined();
    }
    expect(renderHead(shopHead('q=linen'), ORIGIN)).toContain('<meta name="robots" content="noindex, follow">');
  });

  it('reads parsed queries the same way as query strings', () => {
    expect(shopHead({ discount: 'true', page: ['2', '5'], sort: 'rating' }).canonicalPath).toBe(
      '/shop?discount=true&page=2',
    );
    expect(shopHead(new URLSearchParams('types=knitwear')).canonicalPath).toBe('/shop?types=knitwear');
  });

  it('applies to category pages, with their breadcrumb and banner', () => {
    const women: CategoryInfo = {
      slug: 'women',
      name: 'Women',
      banner: { image: '/images/banners/women.svg', alt: 'Summer dresses', width: 1600, height: 500 },
      updatedAt: '2026-06-01T00:00:00.000Z',
    };
    const head = categoryHead(women, 'page=2&sort=price-desc');
    expect(head.canonicalPath).toBe('/women?page=2');
    expect(head.title).toBe('Women Collection');
    const html = renderHead(head, ORIGIN);
    expect(html).toContain('<title>Women Collection | SHOPPER</title>');
    expect(html).toContain(
      '<meta property="og:image" content="https://shop.example.com/images/banners/women-1440.webp">',
    );
    expect(html).toContain('<meta property="og:image:width" content="1440">');
    expect(html).toContain('<meta property="og:image:height" content="450">');
    expect(html).toContain('<meta property="og:image:alt" content="Summer dresses">');
    expect(jsonLdOf(html)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example.com/' },
          { '@type': 'ListItem', position: 2, name: 'Women', item: 'https://shop.example.com/women' },
        ],
      },
    ]);
    expect(categoryHead('kids').canonicalPath).toBe('/kids');
  });

  it('previews an uploaded banner as it is, at its own size', () => {
    const banner = { image: 'https://cdn.example.com/men-banner.jpg', alt: 'Coats', width: 2000, height: 800 };
    const head = categoryHead({ slug: 'men', name: 'Men', banner, updatedAt: '2026-06-01T00:00:00.000Z' });
    expect(head.image).toEqual({ url: banner.image, width: 2000, height: 800, alt: 'Coats' });
  });
});

describe('home and not-found', () => {
  it('home has the WebSite with a SearchAction into the shop listing', () => {
    const html = renderHead(homeHead(), ORIGIN);
    expect(html).toContain('<title>Fashion for Men, Women &amp; Kids | SHOPPER</title>');
    expect(canonicalOf(html)).toBe('https://shop.example.com/');
    expect(jsonLdOf(html)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: 'SHOPPER',
        url: 'https://shop.example.com/',
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: 'https://shop.example.com/shop?q={search_term_string}' },
          'query-input': 'required name=search_term_string',
        },
      },
    ]);
  });

  it('a missing page is noindex and has no canonical', () => {
    const html = renderHead(notFoundHead(), ORIGIN);
    expect(html).toContain('<title>Page Not Found | SHOPPER</title>');
    expect(html).toContain('<meta name="robots" content="noindex, follow">');
    expect(canonicalOf(html)).toBeUndefined();
    expect(renderHead(notFoundHead('Product Not Found'), ORIGIN)).toContain(
      '<title>Product Not Found | SHOPPER</title>',
    );
  });

  it('works under a PUBLIC_URL with a path', () => {
    expect(canonicalOf(renderHead(shopHead('discount=true'), 'https://example.com/store/'))).toBe(
      'https://example.com/store/shop?discount=true',
    );
  });
});

describe('summarize', () => {
  it('keeps short text and cuts long text at a word, with an ellipsis, within 160 characters', () => {
    expect(summarize('  Two\n lines ')).toBe('Two lines');
    const long = summarize('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('word…')).toBe(true);
  });
});
