import { STORE_PAGE_MESSAGES, STORE_PAGE_SLUGS, STORE_PAGE_TITLES } from '@shopper/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { backOfficeCast, type BackOfficeCast, guardAnswers } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { STARTER_RETURN_DAYS } from './starter-pages.ts';

let t: TestApp;
let cast: BackOfficeCast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await backOfficeCast(t.app, t.database);
});
afterAll(async () => await t.close());

const save = (slug: string, payload: object, headers = cast.owner.headers) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/pages/${slug}`, headers, payload });

describe('store pages', () => {
  it('a fresh shop serves every page with starter text marked for the owner to adapt', async () => {
    for (const slug of STORE_PAGE_SLUGS) {
      const response = await t.app.inject({ method: 'GET', url: `/api/pages/${slug}` });
      expect(response.statusCode, slug).toBe(200);
      const { page } = response.json();
      expect(page).toMatchObject({ slug, title: STORE_PAGE_TITLES[slug], isStarter: true, updatedAt: null });
      expect(page.html).toContain('<strong>Starter text.</strong>');
      expect(page).not.toHaveProperty('markdown');
    }
    const returns = (await t.app.inject({ method: 'GET', url: '/api/pages/returns' })).json().page;
    expect(returns.html).toContain(`<strong>${STARTER_RETURN_DAYS} days</strong>`);
  });

  it('answers 404 for a page that does not exist, and 400 for an absurd slug', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/pages/secrets' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(STORE_PAGE_MESSAGES.notFound);
    const long = await t.app.inject({ method: 'GET', url: `/api/pages/${'x'.repeat(101)}` });
    expect(long.statusCode).toBe(400);
    expect((await save('secrets', { title: 'X', markdown: 'y' })).statusCode).toBe(404);
  });

  it('only the owner reads and edits pages in the back office', async () => {
    expect(await guardAnswers(t.app, cast, { method: 'GET', url: '/api/admin/pages' })).toEqual({
      guest: 401,
      customer: 403,
      staff: 403,
    });
    expect(
      await guardAnswers(t.app, cast, {
        method: 'PUT',
        url: '/api/admin/pages/terms',
        payload: { title: 'Terms', markdown: 'Taken over' },
      }),
    ).toEqual({ guest: 401, customer: 403, staff: 403 });
    const terms = (await t.app.inject({ method: 'GET', url: '/api/pages/terms' })).json().page;
    expect(terms.isStarter).toBe(true);
  });

  it('the owner saves a page: the HTML is sanitised, the page is served, and each edit is audited', async () => {
    const first = await save('shipping', {
      title: '  Shipping and delivery ',
      markdown: '## Fast\nWe ship <script>alert(1)</script> in **two days**. [Track](javascript:alert(2))',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: STORE_PAGE_MESSAGES.saved,
      page: { title: 'Shipping and delivery', isStarter: false },
    });
    const served = (await t.app.inject({ method: 'GET', url: '/api/pages/shipping' })).json().page;
    expect(served.html).toContain('<strong>two days</strong>');
    expect(served.html).not.toMatch(/script|alert|javascript/i);
    expect(served.updatedAt).not.toBeNull();

    await save('shipping', { title: 'Shipping', markdown: 'Second version' });
    const history = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'store-page'), eq(auditLog.entityId, 'shipping')))
      .orderBy(auditLog.createdAt);
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      actorId: cast.owner.userId,
      action: 'store-page.update',
      before: { isStarter: true, title: STORE_PAGE_TITLES.shipping },
      after: { title: 'Shipping and delivery' },
    });
    expect(history[1]).toMatchObject({
      before: { isStarter: false, title: 'Shipping and delivery' },
      after: { markdown: 'Second version' },
    });

    // The owner reads the history through the audit log, filtered on the page.
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit?entity=store-page&entityId=shipping',
      headers: cast.owner.headers,
    });
    expect(audit.json().items).toHaveLength(2);

    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/pages', headers: cast.owner.headers })).json();
    expect(list.pages.map((page: { slug: string }) => page.slug)).toEqual([...STORE_PAGE_SLUGS]);
    expect(list.pages.find((page: { slug: string }) => page.slug === 'shipping')).toMatchObject({
      markdown: 'Second version',
    });
  });

  it.each([
    [{ title: '', markdown: 'x' }, 'title', STORE_PAGE_MESSAGES.titleRequired],
    [{ title: 'x'.repeat(121), markdown: 'x' }, 'title', STORE_PAGE_MESSAGES.titleTooLong],
    [{ title: 'T', markdown: '   ' }, 'markdown', STORE_PAGE_MESSAGES.markdownRequired],
    [{ title: 'T', markdown: 'x'.repeat(50_001) }, 'markdown', STORE_PAGE_MESSAGES.markdownTooLong],
    [{ title: 'T' }, 'markdown', STORE_PAGE_MESSAGES.markdownRequired],
    [{ title: 'T', markdown: 42 }, 'markdown', STORE_PAGE_MESSAGES.markdownRequired],
  ])('refuses %j with the field message', async (payload, param, msg) => {
    const response = await save('privacy', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual(expect.objectContaining({ param, msg }));
  });

  it('lists every page in the sitemap', async () => {
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    for (const slug of STORE_PAGE_SLUGS) expect(sitemap.body).toContain(`/pages/${slug}</loc>`);
  });
});
