import { queryOptions } from '@tanstack/react-query';
import type { SavedAddress, SavedAddressBody } from '@shopper/contract';
import { apiClient } from './api-client.ts';

/** The customer's address book (docs/shipping-and-taxes.md#address-book), used by checkout and the profile. */
export const savedAddressKeys = { all: ['saved-addresses'] as const };

const book = (answer: { addresses: SavedAddress[] }) => answer.addresses;

/** GET /api/addresses: the customer's address book, the default first. */
export function getSavedAddresses(signal?: AbortSignal): Promise<SavedAddress[]> {
  return apiClient.get('/addresses', (s) => s.SavedAddressesAnswerSchema, { signal }).then(book);
}

export function savedAddressesQueryOptions() {
  return queryOptions({ queryKey: savedAddressKeys.all, queryFn: ({ signal }) => getSavedAddresses(signal) });
}

/** POST /api/addresses: adds the address to the book (the first one becomes the default). */
export function saveAddress(body: SavedAddressBody): Promise<SavedAddress[]> {
  return apiClient.post('/addresses', body, (s) => s.SavedAddressesAnswerSchema).then(book);
}

/** PUT /api/addresses/:id: changes an entry; the default's change reaches the profile's address too. */
export function updateAddress(id: string, body: SavedAddressBody): Promise<SavedAddress[]> {
  return apiClient.put(`/addresses/${encodeURIComponent(id)}`, body, (s) => s.SavedAddressesAnswerSchema).then(book);
}

/** DELETE /api/addresses/:id: the oldest remaining entry becomes the default when it was the default. */
export function deleteAddress(id: string): Promise<SavedAddress[]> {
  return apiClient.delete(`/addresses/${encodeURIComponent(id)}`, (s) => s.SavedAddressesAnswerSchema).then(book);
}

/** POST /api/addresses/:id/default. */
export function makeDefaultAddress(id: string): Promise<SavedAddress[]> {
  return apiClient
    .post(`/addresses/${encodeURIComponent(id)}/default`, {}, (s) => s.SavedAddressesAnswerSchema)
    .then(book);
}
