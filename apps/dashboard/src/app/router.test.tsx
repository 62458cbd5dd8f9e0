import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { AdminOrdersPageSchema, AUTH_TOKEN_STORAGE_KEY, UserAnswerSchema } from '@shopper/contract';
import { json, renderRoutes, stubApi } from '../test/render.tsx';
import { userWithRole } from '../test/users.ts';
import { dashboardRoutes } from './router.tsx';

// React Router warns once per module: this file's first render is the page's first load.
describe('the first load of a screen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens the screen asked for inside the shell, without React Router missing a fallback to show meanwhile', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
    stubApi({
      'GET /api/users/me': () => json(200, UserAnswerSchema.parse({ success: true, user: userWithRole('staff') })),
      'GET /api/admin/orders': () =>
        json(200, AdminOrdersPageSchema.parse({ success: true, items: [], page: 1, pageSize: 20, total: 0 })),
    });
    renderRoutes(dashboardRoutes, '/orders');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    expect(await within(main).findByText('No order matches.')).toBeTruthy();
    expect(warnings.mock.calls.flat().join('\n')).not.toContain('HydrateFallback');
  });
});

describe('a screen’s former address', () => {
  it('opens the catalog import from /import, keeping the query', async () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
    stubApi({
      'GET /api/users/me': () => json(200, UserAnswerSchema.parse({ success: true, user: userWithRole('staff') })),
    });
    const { router } = renderRoutes(dashboardRoutes, '/import?tab=report');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Import products' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/catalog-import');
    expect(router.state.location.search).toBe('?tab=report');
  });
});
