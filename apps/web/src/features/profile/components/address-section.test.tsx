import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES, ACCOUNT_UI_MESSAGES as UI, UserAnswerSchema } from '@shopper/contract';
import { buildUser, jsonResponse, stubApi } from '../../../test/account-fixtures.ts';
import { renderPage } from '../../../test/render.tsx';
import { AddressSection } from './address-section.tsx';

const saved = buildUser({
  address: {
    street: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
    postalCode: '62701',
    country: 'US',
  },
});

function stubProfileUpdate() {
  return stubApi({
    'PUT /api/users/profile': ({ body }) => {
      const { address } = body as { address: Record<string, string> };
      const isEmpty = Object.values(address).every((value) => value === '');
      return jsonResponse(
        200,
        UserAnswerSchema.parse({
          success: true,
          user: { ...saved, address: isEmpty ? null : { ...address, postalCode: address.zipCode } },
        }),
      );
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('AddressSection', () => {
  it('shows the saved address: street; city, state zip; country name', () => {
    renderPage(<AddressSection user={saved} />);
    expect(screen.getByText('1 Main St')).toBeTruthy();
    expect(screen.getByText('Springfield, IL 62701')).toBeTruthy();
    expect(screen.getByText('United States')).toBeTruthy();
  });

  it("says 'No address information provided' without one", () => {
    renderPage(<AddressSection user={buildUser({ address: null })} />);
    expect(screen.getByText(UI.noAddress)).toBeTruthy();
  });

  it('clears the address when every field is emptied', async () => {
    const user = userEvent.setup();
    const fake = stubProfileUpdate();
    renderPage(<AddressSection user={saved} />);
    await user.click(screen.getByRole('button', { name: 'Edit shipping address' }));
    for (const label of ['Street Address', 'City', 'State/Province', 'Zip/Postal Code']) {
      await user.clear(screen.getByLabelText(label));
    }
    await user.selectOptions(screen.getByLabelText('Country'), UI.selectCountry);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', false);
    await user.click(save);
    await waitFor(() => expect(fake).toHaveBeenCalledTimes(1));
    const body = JSON.parse(fake.mock.calls[0]![1]!.body as string) as { address: Record<string, string> };
    expect(body.address).toEqual({ street: '', city: '', state: '', zipCode: '', country: '' });
  });

  it('asks for street, city, zip and country once any field is filled, and keeps Save disabled', async () => {
    const user = userEvent.setup();
    const fake = stubProfileUpdate();
    renderPage(<AddressSection user={buildUser({ address: null })} />);
    await user.click(screen.getByRole('button', { name: 'Edit shipping address' }));
    await user.type(screen.getByLabelText('State/Province'), 'IL');
    // Live validation runs 300 ms after the last change.
    expect(await screen.findByText(ACCOUNT_MESSAGES.streetRequired)).toBeTruthy();
    expect(screen.getByText(ACCOUNT_MESSAGES.cityRequired)).toBeTruthy();
    expect(screen.getByText(ACCOUNT_MESSAGES.zipRequired)).toBeTruthy();
    expect(screen.getByText(ACCOUNT_MESSAGES.countryRequired)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);

    await user.type(screen.getByLabelText('Street Address'), '1 Main St');
    await user.type(screen.getByLabelText('City'), 'Springfield');
    await user.type(screen.getByLabelText('Zip/Postal Code'), '6!');
    await user.selectOptions(screen.getByLabelText('Country'), 'Canada');
    expect(await screen.findByText(ACCOUNT_MESSAGES.zipInvalid)).toBeTruthy();
    expect(screen.queryByText(ACCOUNT_MESSAGES.streetRequired)).toBeNull();
    expect(fake).not.toHaveBeenCalled();
  });

  it('Cancel restores the saved values and clears errors', async () => {
    const user = userEvent.setup();
    renderPage(<AddressSection user={saved} />);
    await user.click(screen.getByRole('button', { name: 'Edit shipping address' }));
    await user.clear(screen.getByLabelText('City'));
    expect(await screen.findByText(ACCOUNT_MESSAGES.cityRequired)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Springfield, IL 62701')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit shipping address' }));
    expect(screen.getByLabelText('City')).toHaveProperty('value', 'Springfield');
    expect(screen.queryByText(ACCOUNT_MESSAGES.cityRequired)).toBeNull();
  });
});
