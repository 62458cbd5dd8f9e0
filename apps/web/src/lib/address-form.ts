import { z } from 'zod';
import { CHECKOUT_MESSAGES as M } from '@shopper/contract/plain';
import type { SavedAddress, SavedAddressBody } from '@shopper/contract';

/**
 * The address form shared by checkout and the profile's address book: every field is required with
 * the one message of docs/product.md#shipping-details, shown once above the fields.
 */
const required = z.string().trim().min(1, M.shippingFieldsRequired);

export const ADDRESS_FIELDS = ['name', 'address', 'city', 'state', 'country', 'postalCode', 'phoneNumber'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export const addressFormShape = {
  name: required,
  address: required,
  city: required,
  state: required,
  country: required,
  postalCode: required,
  phoneNumber: required,
} satisfies Record<AddressField, z.ZodType>;

export type AddressFormValues = Record<AddressField, string>;

/** The form's fields filled from an entry of the address book. */
export const fromSavedAddress = (address: SavedAddress): AddressFormValues => ({
  name: address.name,
  address: address.street,
  city: address.city,
  state: address.state,
  country: address.country,
  postalCode: address.zip,
  phoneNumber: address.phone,
});

/** An entry of the book from the form's fields. */
export const toSavedAddressBody = (
  values: AddressFormValues,
  extra: Pick<SavedAddressBody, 'label' | 'isDefault'> = {},
): SavedAddressBody => ({
  ...extra,
  name: values.name.trim(),
  phone: values.phoneNumber.trim(),
  street: values.address.trim(),
  city: values.city.trim(),
  state: values.state.trim(),
  zip: values.postalCode.trim(),
  country: values.country,
});

/** Where the server names a field of the book by its own name, the form's name for it. */
export const SAVED_ADDRESS_FIELD_NAMES: Record<string, AddressField> = {
  name: 'name',
  phone: 'phoneNumber',
  street: 'address',
  city: 'city',
  state: 'state',
  zip: 'postalCode',
  country: 'country',
};
