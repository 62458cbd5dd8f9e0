import type { SavedAddress } from '@shopper/contract';
import { countryName } from '@shopper/contract/plain';
import { SelectField } from '../../../components/form-field.tsx';
import styles from '../checkout.module.css';

export const NEW_ADDRESS = 'new';

const describe = (address: SavedAddress) =>
  [address.label || address.name, address.street, address.city, countryName(address.country) ?? address.country]
    .filter(Boolean)
    .join(', ');

/** Pick an address of the book (the default is preselected), or enter a new one below. */
export function SavedAddressPicker({
  addresses,
  value,
  onPick,
  isDisabled,
}: {
  addresses: readonly SavedAddress[];
  value: string;
  onPick: (id: string) => void;
  isDisabled: boolean;
}) {
  if (addresses.length === 0) return null;
  return (
    <div className={styles.savedPicker}>
      <SelectField
        label="Deliver to"
        value={value}
        disabled={isDisabled}
        onChange={(event) => onPick(event.currentTarget.value)}
      >
        {addresses.map((address) => (
          <option key={address._id} value={address._id}>
            {describe(address)}
            {address.isDefault ? ' (default)' : ''}
          </option>
        ))}
        <option value={NEW_ADDRESS}>A new address</option>
      </SelectField>
    </div>
  );
}
