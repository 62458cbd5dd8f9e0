import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TAX_MESSAGES as M, TaxesAnswerSchema, type TaxesAnswer } from '@shopper/contract';
import { json, renderRoutes, stubApi } from '../../test/render.tsx';
import { TaxesPage } from './taxes-page.tsx';

const settings = { pricesIncludeTax: false, legalName: 'Shopper Ltd', legalAddress: '1 Main St', taxNumber: '' };
const answer = (rates: TaxesAnswer['rates'], message?: string, extra: Partial<TaxesAnswer['settings']> = {}) =>
  json(
    200,
    TaxesAnswerSchema.parse({ success: true, message, settings: { ...settings, ...extra }, rates, fallbackRate: 8 }),
  );
const california = { id: 'r-ca', country: 'US' as const, state: 'California', rate: 7.25, shippingRate: null };

describe('the Taxes screen', () => {
  it('says what is charged while no rate is set, and adds a rate for a state', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /api/admin/taxes': () => answer([]),
      'POST /api/admin/taxes/rates': () => answer([california], M.rateSaved),
    });
    renderRoutes([{ path: '/taxes', element: <TaxesPage /> }], '/taxes');
    const rates = await screen.findByRole('region', { name: 'Rates' });
    expect(within(rates).getByText(/No rate is set: 8% \(the server’s TAX_RATE\)/)).toBeTruthy();

    const form = within(rates).getByRole('form', { name: 'Add a tax rate' });
    await user.type(within(form).getByLabelText('State or province (optional)'), 'California');
    await user.type(within(form).getByLabelText('Rate (%)'), '7.25');
    await user.click(within(form).getByRole('button', { name: 'Add rate' }));
    const row = await within(rates).findByRole('row', { name: /California/ });
    expect(row.textContent).toBe('United StatesCalifornia7.25%Not taxedDelete');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      country: 'US',
      state: 'California',
      rate: 7.25,
      shippingRate: null,
    });
  });

  it('shows a refused rate in the server’s words, and deletes a rate', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/admin/taxes': () => answer([california]),
      'POST /api/admin/taxes/rates': () =>
        json(400, {
          success: false,
          code: 'VALIDATION_FAILED',
          message: M.rateInvalid,
          errors: [{ param: 'rate', msg: M.rateInvalid }],
        }),
      'DELETE /api/admin/taxes/rates/r-ca': () => answer([], M.rateDeleted),
    });
    renderRoutes([{ path: '/taxes', element: <TaxesPage /> }], '/taxes');
    const rates = await screen.findByRole('region', { name: 'Rates' });
    const form = within(rates).getByRole('form', { name: 'Add a tax rate' });
    await user.type(within(form).getByLabelText('Rate (%)'), '101');
    await user.click(within(form).getByRole('button', { name: 'Add rate' }));
    expect(await within(form).findByText(M.rateInvalid)).toBeTruthy();

    await user.click(within(rates).getByRole('button', { name: 'Delete the rate of California' }));
    expect(await within(rates).findByText(/No rate is set/)).toBeTruthy();
  });

  it('switches prices to tax-included and saves the receipts’ legal details', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /api/admin/taxes': () => answer([]),
      'PUT /api/admin/taxes/settings': () =>
        answer([], M.settingsSaved, { pricesIncludeTax: true, taxNumber: 'GB123456789' }),
    });
    renderRoutes([{ path: '/taxes', element: <TaxesPage /> }], '/taxes');
    const panel = await screen.findByRole('region', { name: 'Prices and receipts' });
    expect(within(panel).getByLabelText<HTMLInputElement>('Legal name').value).toBe('Shopper Ltd');
    await user.click(within(panel).getByRole('checkbox', { name: /Prices include tax/ }));
    await user.type(within(panel).getByLabelText('Tax number'), 'GB123456789');
    await user.click(within(panel).getByRole('button', { name: 'Save tax settings' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      ...settings,
      pricesIncludeTax: true,
      taxNumber: 'GB123456789',
    });
  });
});
