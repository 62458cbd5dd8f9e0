import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_MESSAGES, AdminCategoriesAnswerSchema, BUILT_IN_BANNERS } from '@shopper/contract';
import { json, renderRoutes, stubApi } from '../../test/render.tsx';
import { CategoriesPage } from './categories-page.tsx';

const answer = AdminCategoriesAnswerSchema.parse({
  success: true,
  categories: ['men', 'women', 'kids'].map((slug, index) => ({
    slug,
    name: slug[0]!.toUpperCase() + slug.slice(1),
    banner: BUILT_IN_BANNERS[index],
    updatedAt: '2026-11-01T00:00:00.000Z',
  })),
  builtInBanners: BUILT_IN_BANNERS,
});
const UPLOADED = { image: '/images/uploads/0123456789abcdef0123-1280.webp', width: 1280, height: 320 };

describe('category banners', () => {
  it('uploads a picture, asks for its description with the contract message, then saves the choice', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /api/admin/categories': () => json(200, answer),
      'POST /api/admin/categories/banner-images': () => json(201, { success: true, banner: UPLOADED }),
      'PUT /api/admin/categories/men/banner': ({ init }) =>
        json(200, {
          success: true,
          message: ADMIN_MESSAGES.bannerSaved('Men'),
          category: { ...answer.categories[0], banner: JSON.parse(init?.body as string) as unknown },
        }),
    });
    renderRoutes([{ path: '/categories', element: <CategoriesPage /> }], '/categories');
    const men = await screen.findByRole('region', { name: 'Men' });

    const file = new File([new Uint8Array([1, 2, 3])], 'beach.jpg', { type: 'image/jpeg' });
    await user.upload(within(men).getByLabelText('Upload a Men banner'), file);
    const uploaded = await within(men).findByRole('radio', { name: 'Uploaded: beach.jpg' });
    expect(uploaded).toHaveProperty('checked', true);
    expect(within(men).getByLabelText('Description (alt text)')).toHaveProperty('value', '');

    await user.click(within(men).getByRole('button', { name: 'Save Men banner' }));
    expect(await within(men).findByText(ADMIN_MESSAGES.bannerAltInvalid)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(within(men).getByLabelText('Description (alt text)'), 'A jacket on a pier');
    await user.click(within(men).getByRole('button', { name: 'Save Men banner' }));
    await screen.findAllByRole('radio');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/admin/categories/men/banner');
    expect(put?.body).toEqual({ ...UPLOADED, alt: 'A jacket on a pier' });
    const upload = calls.find((c) => c.method === 'POST');
    expect(upload?.body).toBeInstanceOf(FormData);
  });

  it('choosing a built-in banner fills its description', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /api/admin/categories': () => json(200, answer),
      'PUT /api/admin/categories/kids/banner': () =>
        json(200, { success: true, message: ADMIN_MESSAGES.bannerSaved('Kids'), category: answer.categories[2] }),
    });
    renderRoutes([{ path: '/categories', element: <CategoriesPage /> }], '/categories');
    const kids = await screen.findByRole('region', { name: 'Kids' });
    await user.click(within(kids).getByRole('radio', { name: 'Built-in: men.svg' }));
    expect(within(kids).getByLabelText('Description (alt text)')).toHaveProperty('value', BUILT_IN_BANNERS[0].alt);
    await user.click(within(kids).getByRole('button', { name: 'Save Kids banner' }));
    await within(kids).findByRole('button', { name: 'Save Kids banner' });
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual(BUILT_IN_BANNERS[0]);
  });
});
