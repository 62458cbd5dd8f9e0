import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedAddress, SavedAddressBody } from '@shopper/contract';
import { currentUserQueryKey } from '../../../lib/current-user.ts';
import {
  deleteAddress,
  makeDefaultAddress,
  saveAddress,
  savedAddressKeys,
  updateAddress,
} from '../../../lib/saved-addresses.ts';

export type AddressBookChange =
  | { kind: 'add'; body: SavedAddressBody }
  | { kind: 'edit'; id: string; body: SavedAddressBody }
  | { kind: 'delete'; id: string }
  | { kind: 'make-default'; id: string };

function send(change: AddressBookChange): Promise<SavedAddress[]> {
  if (change.kind === 'add') return saveAddress(change.body);
  if (change.kind === 'edit') return updateAddress(change.id, change.body);
  if (change.kind === 'delete') return deleteAddress(change.id);
  return makeDefaultAddress(change.id);
}

/**
 * Every change answers the whole book, which replaces the cached one. The default entry is the
 * profile's address, so the signed-in user is read again too.
 */
export function useAddressBookChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (book) => {
      queryClient.setQueryData(savedAddressKeys.all, book);
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
