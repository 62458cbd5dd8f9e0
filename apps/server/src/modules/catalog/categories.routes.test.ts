import { CategoriesAnswerSchema } from '@shopper/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { createTestApp, createTestClock, type TestApp } from '../../test/test-app.ts';
import { createCategoriesService } from './categories.service.ts';

let t: TestApp;
const clock = createTestClock(new Date('2026-11-23T12:00:00Z'));

beforeAll(async () => {
  // No read cache, so a banner change shows at once.
  t = await createTestApp({ CATALOG_CACHE_TTL_MS: '0' }, { clock });
});
afterAll(async () => {
  await t.close();
});

const service = () => createCategoriesService({ db: t.database.db, clock });

describe('GET /api/products/categories', () => {
  it('answers the three categories with the banners the migration seeded, each served by the shop', async () => {
    const response = await t.app.inject('/api/products/categories');
    expect(response.statusCode).toBe(200);
    const answer = CategoriesAnswerSchema.parse(response.json());
    expect(answer.categories.map((category) => [category.slug, category.name])).toEqual([
      ['men', 'Men'],
      ['women', 'Women'],
      ['kids', 'Kids'],
    ]);
    for (const category of answer.categories) {
      expect(category.banner).toMatchObject({
        image: `/images/banners/${category.slug}.svg`,
        width: 1440,
        height: 360,
      });
      expect(category.banner.alt.length).toBeGreaterThan(20);
      const image = await t.app.inject(category.banner.image);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(image.headers['cache-control']).toContain('max-age=31536000');
    }
  });

  it('is in the API documentation', async () => {
    const docs = (await t.app.inject('/api/docs/json')).json();
    expect(docs.paths['/api/products/categories'].get.summary).toMatch(/banner/);
  });
});

describe('setCategoryBanner (for the back office)', () => {
  it('changes a banner, stamps updated_at, and the API answers the new one', async () => {
    clock.advance(60_000);
    const changed = await service().setCategoryBanner('kids', {
      image: 'https://cdn.example.com/kids-summer.jpg',
      alt: '  Children running on a beach in summer clothes  ',
      width: 1600,
      height: 400,
    });
    expect(changed.banner).toEqual({
      image: 'https://cdn.example.com/kids-summer.jpg',
      alt: 'Children running on a beach in summer clothes',
      width: 1600,
      height: 400,
    });
    expect(changed.updatedAt).toBe(clock().toISOString());
    const answer = CategoriesAnswerSchema.parse((await t.app.inject('/api/products/categories')).json());
    expect(answer.categories.find((category) => category.slug === 'kids')?.banner.image).toBe(
      'https://cdn.example.com/kids-summer.jpg',
    );
    await service().setCategoryBanner('kids', {
      image: '/images/banners/kids.svg',
      alt: 'Kids collection banner',
      width: 1440,
      height: 360,
    });
  });

  it.each([
    [{ image: 'javascript:alert(1)' }, 'image'],
    [{ image: 'http://insecure.example.com/a.jpg' }, 'image'],
    [{ image: '/images/../secrets.json' }, 'image'],
    [{ image: '"><script>' }, 'image'],
    [{ alt: '   ' }, 'alt'],
    [{ alt: 'x'.repeat(201) }, 'alt'],
    [{ width: 0 }, 'width'],
    [{ height: 1.5 }, 'width'],
  ])('refuses %j, naming %s, and changes nothing', async (change, param) => {
    const before = (await service().list()).find((category) => category.slug === 'men');
    const banner = { image: '/images/banners/men.svg', alt: 'Men', width: 1440, height: 360, ...change };
    const refusal = await service()
      .setCategoryBanner('men', banner)
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe('VALIDATION_FAILED');
    expect((refusal as AppError).fields?.[0]?.param).toBe(param);
    expect((await service().list()).find((category) => category.slug === 'men')).toEqual(before);
  });

  it('refuses an unknown category with NOT_FOUND', async () => {
    const refusal = await service()
      .setCategoryBanner('pets', { image: '/images/banners/men.svg', alt: 'Pets', width: 10, height: 10 })
      .catch((error: unknown) => error);
    expect((refusal as AppError).code).toBe('NOT_FOUND');
  });
});
