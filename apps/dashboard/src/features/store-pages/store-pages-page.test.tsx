import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AdminStorePageAnswerSchema,
  AdminStorePageListAnswerSchema,
  STORE_PAGE_MESSAGES as M,
  STORE_PAGE_SLUGS,
  STORE_PAGE_TITLES,
} from '@shopper/contract';
import { json, renderRoutes, stubApi } from '../../test/render.tsx';
import { StorePagesPage } from './store-pages-page.tsx';

const pages = (terms: { markdown: string; isStarter: boolean }) =>
  AdminStorePageListAnswerSchema.parse({
    success: true,
    pages: STORE_PAGE_SLUGS.map((slug) => ({
      slug,
      title: STORE_PAGE_TITLES[slug],
      markdown: slug === 'terms' ? terms.markdown : 'Starter',
      html: '<p>x</p>',
      isStarter: slug === 'terms' ? terms.isStarter : true,
      updatedAt: slug === 'terms' && !terms.isStarter ? '2026-11-28T01:00:00.000Z' : null,
    })),
  });

describe('the Pages screen', () => {
  it('edits Terms: refuses empty text with the contract’s message, then saves and shows what the server kept', async () => {
    const user = userEvent.setup();
    let current = pages({ markdown: '> Starter text', isStarter: true });
    const calls = stubApi({
      'GET /api/admin/pages': () => json(200, current),
      'GET /api/admin/audit': () => json(200, { success: true, items: [], page: 1, pageSize: 20, total: 0 }),
      'PUT /api/admin/pages/terms': ({ init }) => {
        const body = JSON.parse(init?.body as string) as { title: string; markdown: string };
        current = pages({ markdown: body.markdown, isStarter: false });
        return json(200, AdminStorePageAnswerSchema.parse({ success: true, message: M.saved, page: current.pages[0] }));
      },
    });
    renderRoutes([{ path: '/pages/:slug?', element: <StorePagesPage /> }], '/pages/terms');
    expect(await screen.findByText(M.starterNotice)).toBeTruthy();
    const text = screen.getByLabelText('Text');
    await user.clear(text);
    await user.click(screen.getByRole('button', { name: 'Save page' }));
    expect(await screen.findByText(M.markdownRequired)).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.type(text, 'Our own terms');
    await user.click(screen.getByRole('button', { name: 'Save page' }));
    expect(await screen.findByDisplayValue('Our own terms')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      title: STORE_PAGE_TITLES.terms,
      markdown: 'Our own terms',
    });
    await expect.poll(() => screen.queryByText(M.starterNotice)).toBeNull();
    expect(screen.getByRole('link', { name: 'View the page' }).getAttribute('href')).toBe('/pages/terms');
  });
});
