import { queryOptions } from '@tanstack/react-query';
import type { SavedAddress, SavedAddressBody } from '@shopper/contract';
import { apiClient } from '../../../lib/api-client.ts';

export const savedAddressKeys = { all: ['saved-addresses'] as const };

/** GET /api/addresses: the customer's address book, the default first. */
export function getSavedAddresses(signal?: AbortSignal): Promise<SavedAddress[]> {
  return apiClient.get('/addresses', (s) => s.SavedAddressesAnswerSchema, { signal }).then((a) => a.addresses);
}

export function savedAddressesQueryOptions() {
  return queryOptions({ queryKey: savedAddressKeys.all, queryFn: ({ signal }) => getSavedAddresses(signal) });
}

/** POST /api/addresses: adds the address to the book (the first one becomes the default). */
export function saveAddress(body: SavedAddressBody): Promise<SavedAddress[]> {
  return apiClient.post('/addresses', body, (s) => s.SavedAddressesAnswerSchema).then((a) => a.addresses);
}
