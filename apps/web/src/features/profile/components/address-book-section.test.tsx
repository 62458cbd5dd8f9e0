import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ADDRESS_MESSAGES as AM,
  CHECKOUT_MESSAGES as M,
  SavedAddressesAnswerSchema,
  type SavedAddress,
  type SavedAddressBody,
} from '@shopper/contract';
import { buildUser, errorBody, jsonResponse, stubApi } from '../../../test/account-fixtures.ts';
import { renderPage } from '../../../test/render.tsx';
import { AddressBookSection } from './address-book-section.tsx';

const home: SavedAddress = {
  _id: '00000000-0000-4000-8000-000000000001',
  label: 'Home',
  name: 'Ada Lovelace',
  phone: '5551234567',
  street: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  country: 'US',
  isDefault: true,
};

/** The address book API over an array, keeping one default as the server does. */
function fakeBook(start: SavedAddress[]) {
  let book = [...start];
  let next = 2;
  const answer = (message?: string) =>
    jsonResponse(200, SavedAddressesAnswerSchema.parse({ success: true, message, addresses: book }));
  const settle = (id: string | undefined) => {
    const chosen = book.find((a) => a._id === id) ?? book[0];
    book = book.map((a) => ({ ...a, isDefault: a._id === chosen?._id }));
    book.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  };
  const idOf = (url: string) => /\/api\/addresses\/([^/]+)/.exec(url)?.[1] ?? '';
  const fake = stubApi({
    'GET /api/addresses': () => answer(),
    'POST /api/addresses': ({ body }) => {
      const input = body as SavedAddressBody;
      if (input.zip === '1') {
        return jsonResponse(400, errorBody('VALIDATION_FAILED', 'Invalid', [{ param: 'zip', msg: M.zipInvalid }]));
      }
      const id = `00000000-0000-4000-8000-00000000000${next++}`;
      book.push({ ...home, ...input, label: input.label ?? '', _id: id, isDefault: false } as SavedAddress);
      settle(input.isDefault || book.length === 1 ? id : book.find((a) => a.isDefault)?._id);
      return answer(AM.addressSaved);
    },
    [`PUT /api/addresses/${home._id}`]: ({ body }) => {
      book = book.map((a) =>
        a._id === home._id ? ({ ...a, ...(body as SavedAddressBody), isDefault: a.isDefault } as SavedAddress) : a,
      );
      return answer(AM.addressSaved);
    },
  });
  // The routes with the new entry's id are answered by path.
  const base = fake.getMockImplementation()!;
  fake.mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    if (method === 'DELETE') {
      const id = idOf(url);
      const wasDefault = book.find((a) => a._id === id)?.isDefault;
      book = book.filter((a) => a._id !== id);
      if (wasDefault) settle(undefined);
      return answer(AM.addressDeleted);
    }
    if (method === 'POST' && url.endsWith('/default')) {
      settle(idOf(url));
      return answer(AM.defaultSet);
    }
    return base(input, init);
  });
  return { fake, book: () => book };
}

afterEach(() => vi.unstubAllGlobals());

const entryOf = (name: string) =>
  within(screen.getByRole('list', { name: 'Saved addresses' })).getByRole('listitem', { name });

describe('AddressBookSection', () => {
  it('lists the book with the default marked', async () => {
    fakeBook([home]);
    renderPage(<AddressBookSection user={buildUser()} />);
    const entry = await screen.findByRole('listitem', { name: 'Home' });
    expect(within(entry).getByText('Default')).toBeTruthy();
    expect(within(entry).getByText('1 Main St')).toBeTruthy();
    expect(within(entry).getByText('Springfield, IL 62701')).toBeTruthy();
    expect(within(entry).queryByRole('button', { name: 'Make Home the default' })).toBeNull();
  });

  it('says the book is empty', async () => {
    fakeBook([]);
    renderPage(<AddressBookSection user={buildUser()} />);
    expect(await screen.findByText(AM.bookEmpty)).toBeTruthy();
  });

  it('adds an address with checkout’s messages: one for empty fields, the server’s for a bad zip', async () => {
    const user = userEvent.setup();
    const { book } = fakeBook([home]);
    renderPage(<AddressBookSection user={buildUser()} />);
    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    // Name and phone come from the profile.
    expect(within(form).getByLabelText<HTMLInputElement>('Full name').value).toBe('Ada Lovelace');

    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(within(form).getAllByText(M.shippingFieldsRequired)).toHaveLength(1);
    expect(within(form).getByLabelText('Address').getAttribute('aria-invalid')).toBe('true');

    await user.type(within(form).getByLabelText(/Label/), 'Work');
    await user.type(within(form).getByLabelText('Address'), '2 Mill Lane');
    await user.type(within(form).getByLabelText('City'), 'Leeds');
    await user.type(within(form).getByLabelText('State/Province'), 'WY');
    await user.selectOptions(within(form).getByLabelText('Country'), 'GB');
    await user.type(within(form).getByLabelText('Zip/Postal Code'), '1');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText(M.zipInvalid)).toBeTruthy();
    expect(within(form).queryByText(M.shippingFieldsRequired)).toBeNull();

    await user.clear(within(form).getByLabelText('Zip/Postal Code'));
    await user.type(within(form).getByLabelText('Zip/Postal Code'), 'LS1 4AP');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    const work = await screen.findByRole('listitem', { name: 'Work' });
    expect(within(work).getByText('2 Mill Lane')).toBeTruthy();
    expect(within(work).getByText('United Kingdom')).toBeTruthy();
    expect(within(work).queryByText('Default')).toBeNull();
    expect(book().map((a) => [a.label, a.zip, a.country])).toEqual([
      ['Home', '62701', 'US'],
      ['Work', 'LS1 4AP', 'GB'],
    ]);
  });

  it('edits an entry, makes another the default, and deletes one', async () => {
    const user = userEvent.setup();
    const { book } = fakeBook([
      home,
      { ...home, _id: '00000000-0000-4000-8000-000000000009', label: 'Work', street: '2 Mill Lane', isDefault: false },
    ]);
    renderPage(<AddressBookSection user={buildUser()} />);

    await user.click(await screen.findByRole('button', { name: 'Edit Home' }));
    const form = screen.getByRole('form', { name: 'Edit Home' });
    expect(within(form).getByLabelText<HTMLInputElement>('Address').value).toBe('1 Main St');
    // The default stays the default: no box to tick.
    expect(within(form).queryByLabelText(AM.makeDefaultLabel)).toBeNull();
    await user.clear(within(form).getByLabelText('Address'));
    await user.type(within(form).getByLabelText('Address'), '10 Main St');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(await screen.findByRole('listitem', { name: 'Home' })).findByText('10 Main St')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Make Work the default' }));
    await waitFor(() => expect(within(entryOf('Work')).getByText('Default')).toBeTruthy());
    expect(within(entryOf('Home')).queryByText('Default')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Delete Work' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Work' })).toBeNull());
    // The one left is the default again.
    expect(within(entryOf('Home')).getByText('Default')).toBeTruthy();
    expect(book().map((a) => [a.label, a.isDefault])).toEqual([['Home', true]]);
  });
});
