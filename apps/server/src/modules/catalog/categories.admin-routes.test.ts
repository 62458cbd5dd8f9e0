import { ADMIN_MESSAGES as M, BUILT_IN_BANNERS, CategoriesAnswerSchema, MESSAGES } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { makeImage, multipartFile } from '../../test/image-factory.ts';
import { backOfficeCast, type BackOfficeCast, guardAnswers } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let cast: BackOfficeCast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await backOfficeCast(t.app, t.database);
});
afterAll(async () => await t.close());

const putBanner = (slug: string, payload: object, headers = cast.staff.headers) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/categories/${slug}/banner`, headers, payload });
async function uploadBanner(bytes: Buffer) {
  const body = multipartFile(bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/categories/banner-images',
    payload: body.payload,
    headers: { ...cast.staff.headers, ...body.headers },
  });
}
const storefrontBanner = async (slug: string) =>
  CategoriesAnswerSchema.parse((await t.app.inject('/api/products/categories')).json()).categories.find(
    (c) => c.slug === slug,
  )?.banner;

describe('/api/admin/categories guard', () => {
  it.each([
    ['GET', '/api/admin/categories'],
    ['PUT', '/api/admin/categories/men/banner'],
    ['POST', '/api/admin/categories/banner-images'],
  ] as const)('%s %s: guest 401, customer 403', async (method, url) => {
    expect(await guardAnswers(t.app, cast, { method, url, payload: {} }, 'staff')).toEqual({
      guest: 401,
      customer: 403,
    });
  });
});

describe('category banners', () => {
  it('lists the categories with their banners and the built-in choices', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/categories', headers: cast.staff.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().categories.map((c: { slug: string }) => c.slug)).toEqual(['men', 'women', 'kids']);
    expect(response.json().builtInBanners).toEqual(BUILT_IN_BANNERS);
  });

  it('uploads a picture, chooses it for a category, audits it, and the storefront shows it at once', async () => {
    // Read once so the storefront's cache holds the old banner.
    expect((await storefrontBanner('women'))?.image).toBe('/images/banners/women.svg');
    const uploaded = await uploadBanner(await makeImage(1600, 400, 'jpeg'));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { banner } = uploaded.json();
    expect(banner).toEqual({
      image: expect.stringMatching(/^\/images\/uploads\/[0-9a-f]{20}-1280\.webp$/),
      width: 1280,
      height: 320,
    });
    const served = await t.app.inject(banner.image);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const saved = await putBanner('women', { ...banner, alt: '  A summer dress on a beach  ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: M.bannerSaved('Women'),
      category: { slug: 'women', banner: { ...banner, alt: 'A summer dress on a beach' } },
    });
    expect(await storefrontBanner('women')).toEqual({ ...banner, alt: 'A summer dress on a beach' });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, 'women'));
    expect(audit).toMatchObject({
      actorId: cast.staff.userId,
      action: 'category.banner',
      entity: 'category',
      before: { image: '/images/banners/women.svg' },
      after: { image: banner.image, alt: 'A summer dress on a beach' },
    });

    // Back to the built-in one: a choice.
    const builtIn = BUILT_IN_BANNERS[1];
    expect((await putBanner('women', builtIn)).statusCode).toBe(200);
    expect(await storefrontBanner('women')).toEqual(builtIn);
  });

  it.each([
    [{ image: 'javascript:alert(1)' }, M.bannerImageInvalid],
    [{ image: 'http://insecure.example.com/a.jpg' }, M.bannerImageInvalid],
    [{ image: '/images/../secrets.json' }, M.bannerImageInvalid],
    [{ alt: '   ' }, M.bannerAltInvalid],
    [{ alt: 'x'.repeat(201) }, M.bannerAltInvalid],
    [{ width: 0 }, M.bannerSizeInvalid],
    [{ height: 1.5 }, M.bannerSizeInvalid],
    [{ width: '1440' }, M.bannerSizeInvalid],
  ])('refuses %j with 400 and changes nothing', async (change, message) => {
    const before = await storefrontBanner('men');
    const response = await putBanner('men', { ...BUILT_IN_BANNERS[0], ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await storefrontBanner('men')).toEqual(before);
  });

  it('answers 404 for an unknown category and 400 for a file that is not an image', async () => {
    const unknown = await putBanner('pets', BUILT_IN_BANNERS[0]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.categoryNotFound('pets'));
    const notImage = await uploadBanner(Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().code).toBe('VALIDATION_FAILED');
  });

  it('is documented in /api/docs', async () => {
    const docs = (await t.app.inject('/api/docs/json')).json();
    expect(docs.paths['/api/admin/categories/{slug}/banner'].put.summary).toMatch(/banner/);
    expect(docs.paths['/api/admin/categories/banner-images'].post).toBeDefined();
  });
});
