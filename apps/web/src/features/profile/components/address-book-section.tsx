import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SavedAddress, User } from '@shopper/contract';
import { ADDRESS_MESSAGES as AM, MAX_SAVED_ADDRESSES, countryName } from '@shopper/contract/plain';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { messageOf } from '../../../lib/form-errors.ts';
import { savedAddressesQueryOptions } from '../../../lib/saved-addresses.ts';
import { showToast } from '../../../lib/toast.ts';
import { type AddressBookChange, useAddressBookChange } from '../api/address-book.ts';
import styles from '../profile.module.css';
import { AddressBookForm } from './address-book-form.tsx';
import { ProfileSection } from './section.tsx';

const TOAST: Record<AddressBookChange['kind'], string> = {
  add: AM.addressSaved,
  edit: AM.addressSaved,
  delete: AM.addressDeleted,
  'make-default': AM.defaultSet,
};

const titleOf = (entry: SavedAddress) => entry.label || entry.name;

/**
 * The customer's address book (docs/shipping-and-taxes.md#address-book): list, add, change, delete,
 * and pick the default, which is the profile's shipping address above.
 */
export function AddressBookSection({ user }: { user: User }) {
  const book = useQuery(savedAddressesQueryOptions());
  const change = useAddressBookChange();
  // null: the list; 'new': adding; an id: changing that entry.
  const [editing, setEditing] = useState<string | null>(null);

  async function save(next: AddressBookChange) {
    await change.mutateAsync(next);
    showToast(TOAST[next.kind], 'success');
  }
  async function act(next: AddressBookChange) {
    try {
      await save(next);
    } catch (error) {
      showToast(messageOf(error, AM.changeFailed), 'error');
    }
  }

  const entries = book.data ?? [];
  const isFull = entries.length >= MAX_SAVED_ADDRESSES;
  const isBusy = change.isPending;
  let content;
  if (book.isPending) {
    content = <Spinner label="Loading your addresses…" />;
  } else if (book.isError) {
    content = <Alert tone="error">{messageOf(book.error, AM.saveFailed)}</Alert>;
  } else if (editing === 'new') {
    content = <AddressBookForm entry={null} user={user} onSave={save} onDone={() => setEditing(null)} />;
  } else {
    content = (
      <>
        {entries.length === 0 ? <p className={styles.muted}>{AM.bookEmpty}</p> : null}
        {isFull ? <p className={styles.muted}>{AM.bookFull(MAX_SAVED_ADDRESSES)}</p> : null}
        <ul className={styles.book} aria-label="Saved addresses">
          {entries.map((entry) =>
            editing === entry._id ? (
              <li key={entry._id}>
                <AddressBookForm entry={entry} user={user} onSave={save} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li key={entry._id} className={styles.bookEntry} aria-label={titleOf(entry)}>
                <div className={styles.bookTitle}>
                  <strong>{titleOf(entry)}</strong>
                  {entry.isDefault ? <span className={styles.badge}>Default</span> : null}
                </div>
                <address className={styles.address}>
                  <span>
                    {entry.name} · {entry.phone}
                  </span>
                  <span>{entry.street}</span>
                  <span>
                    {entry.city}, {entry.state} {entry.zip}
                  </span>
                  <span>{countryName(entry.country) ?? entry.country}</span>
                </address>
                <div className={styles.formActions}>
                  <Button
                    variant="secondary"
                    size="small"
                    disabled={isBusy || editing !== null}
                    onClick={() => setEditing(entry._id)}
                    aria-label={`Edit ${titleOf(entry)}`}
                  >
                    Edit
                  </Button>
                  {entry.isDefault ? null : (
                    <Button
                      variant="secondary"
                      size="small"
                      disabled={isBusy || editing !== null}
                      onClick={() => void act({ kind: 'make-default', id: entry._id })}
                      aria-label={`Make ${titleOf(entry)} the default`}
                    >
                      Make default
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="small"
                    disabled={isBusy || editing !== null}
                    onClick={() => void act({ kind: 'delete', id: entry._id })}
                    aria-label={`Delete ${titleOf(entry)}`}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            ),
          )}
        </ul>
      </>
    );
  }

  return (
    <ProfileSection
      id="profile-address-book"
      title="Address Book"
      actions={
        editing === null && !book.isPending && !isFull ? (
          <Button variant="secondary" size="small" onClick={() => setEditing('new')}>
            Add address
          </Button>
        ) : null
      }
    >
      {content}
    </ProfileSection>
  );
}
