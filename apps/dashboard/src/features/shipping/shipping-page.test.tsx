import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SHIPPING_MESSAGES as M, ShippingZonesAnswerSchema, type ShippingZone } from '@shopper/contract';
import { json, renderRoutes, stubApi } from '../../test/render.tsx';
import { ShippingPage } from './shipping-page.tsx';

const world: ShippingZone = {
  id: 'z-world',
  name: 'Rest of the world',
  isRestOfWorld: true,
  places: [],
  methods: [
    { id: 'm-std', code: 'standard', name: 'Standard', price: 0, freeFrom: null, estimate: '3–7 business days' },
    { id: 'm-exp', code: 'express', name: 'Express', price: 15, freeFrom: 200, estimate: '1–2 business days' },
  ],
};
const answer = (zones: ShippingZone[], message?: string) =>
  json(200, ShippingZonesAnswerSchema.parse({ success: true, message, zones }));

describe('the Shipping screen', () => {
  it('shows each zone, where it ships and its methods with their prices', async () => {
    stubApi({ 'GET /api/admin/shipping/zones': () => answer([world]) });
    renderRoutes([{ path: '/shipping', element: <ShippingPage /> }], '/shipping');
    const zone = await screen.findByRole('region', { name: 'Rest of the world' });
    expect(within(zone).getByText('Every country no other zone names')).toBeTruthy();
    const rows = within(within(zone).getByRole('table')).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      'StandardstandardFree—3–7 business daysDelete',
      'Expressexpress$15.00$200.001–2 business daysDelete',
    ]);
  });

  it('says a zone without a method ships nowhere yet', async () => {
    const closed = {
      id: 'z-jp',
      name: 'Japan',
      isRestOfWorld: false,
      places: [{ country: 'JP' as const, states: [] }],
      methods: [],
    };
    stubApi({ 'GET /api/admin/shipping/zones': () => answer([closed, world]) });
    renderRoutes([{ path: '/shipping', element: <ShippingPage /> }], '/shipping');
    const zone = await screen.findByRole('region', { name: 'Japan' });
    expect(
      within(zone).getByText('No method yet: its countries cannot be shipped to until one is added.'),
    ).toBeTruthy();
    expect(within(zone).queryByRole('table')).toBeNull();
  });

  it('adds a zone from one country per line, narrowed to states, and shows a refusal in the server’s words', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const calls = stubApi({
      'GET /api/admin/shipping/zones': () => answer([world]),
      'POST /api/admin/shipping/zones': () =>
        ++tries === 1
          ? json(409, { success: false, code: 'CONFLICT', message: M.countryTaken('Canada', 'North') })
          : answer(
              [
                {
                  id: 'z-na',
                  name: 'North America',
                  isRestOfWorld: false,
                  places: [
                    { country: 'US', states: [] },
                    { country: 'CA', states: ['Ontario', 'Quebec'] },
                  ],
                  methods: [],
                },
                world,
              ],
              M.zoneSaved,
            ),
    });
    renderRoutes([{ path: '/shipping', element: <ShippingPage /> }], '/shipping');
    const form = await screen.findByRole('region', { name: 'Add a zone' });
    await user.type(within(form).getByLabelText('Zone name'), 'North America');
    await user.type(within(form).getByLabelText('Countries'), 'us\nCA: Ontario, Quebec\n');
    await user.click(within(form).getByRole('button', { name: 'Add zone' }));
    expect(await within(form).findByText(M.countryTaken('Canada', 'North'))).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'North America',
      isRestOfWorld: false,
      places: [
        { country: 'US', states: [] },
        { country: 'CA', states: ['Ontario', 'Quebec'] },
      ],
    });

    await user.click(within(form).getByRole('button', { name: 'Add zone' }));
    const added = await screen.findByRole('region', { name: 'North America' });
    expect(within(added).getByText('United States, Canada (Ontario, Quebec)')).toBeTruthy();
    expect(within(form).queryByText(M.countryTaken('Canada', 'North'))).toBeNull();
    expect(within(form).getByLabelText<HTMLInputElement>('Zone name').value).toBe('');
  });

  it('adds a method to a zone, with an empty free-from sent as none', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /api/admin/shipping/zones': () => answer([world]),
      'POST /api/admin/shipping/zones/z-world/methods': () =>
        answer(
          [
            {
              ...world,
              methods: [
                ...world.methods,
                { id: 'm-nd', code: 'next-day', name: 'Next day', price: 25, freeFrom: null, estimate: '1 day' },
              ],
            },
          ],
          M.methodSaved,
        ),
    });
    renderRoutes([{ path: '/shipping', element: <ShippingPage /> }], '/shipping');
    const form = await screen.findByRole('form', { name: 'Add a method to Rest of the world' });
    await user.type(within(form).getByLabelText('Method name'), 'Next day');
    await user.type(within(form).getByLabelText('Price ($)'), '25');
    await user.type(within(form).getByLabelText('Delivery estimate'), '1 day');
    await user.click(within(form).getByRole('button', { name: 'Add method' }));
    expect(await screen.findByRole('cell', { name: 'Next day' })).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Next day',
      price: 25,
      freeFrom: null,
      estimate: '1 day',
    });
  });
});
