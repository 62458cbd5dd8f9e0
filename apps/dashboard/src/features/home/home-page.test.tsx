import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HomeFiguresSchema } from '@shopper/contract';
import { json, renderRoutes, stubApi } from '../../test/render.tsx';
import { HomePage } from './home-page.tsx';

const windowOf = { revenue: 0, orders: 0, averageOrderValue: 0 };
const home = HomeFiguresSchema.parse({
  success: true,
  windows: { today: windowOf, last7Days: windowOf, last30Days: windowOf },
  daily: [],
  topProducts: [],
  lowStock: [
    {
      productId: 'p1',
      name: 'Linen Shirt',
      slug: 'linen-shirt',
      colourId: 'c2',
      colourName: 'Sage',
      size: 'M',
      stock: 0,
    },
    {
      productId: 'p2',
      name: 'Harbour Jacket',
      slug: 'harbour-jacket',
      colourId: 'c9',
      colourName: '',
      size: 'S',
      stock: 2,
    },
  ],
  lowStockThreshold: 5,
  waitingToShip: { count: 0, oldest: [] },
});

describe('home: low stock', () => {
  it('names the colour of a product that has several, and links to its stock', async () => {
    stubApi({ 'GET /api/admin/home': () => json(200, home) });
    renderRoutes([{ path: '/', element: <HomePage /> }], '/');
    const panel = await screen.findByRole('region', { name: 'Low stock (at most 5)' });
    const sage = within(panel).getByRole('link', { name: 'Linen Shirt · Sage · M' });
    expect(sage.getAttribute('href')).toBe('/stock?product=p1&colour=c2');
    const jacket = within(panel).getByRole('link', { name: 'Harbour Jacket · S' });
    expect(jacket.getAttribute('href')).toBe('/stock?product=p2');
  });
});
