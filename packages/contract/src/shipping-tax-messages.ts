/** Shipping, tax, address-book and receipt texts (docs/shipping-and-taxes.md), word for word. */
export const SHIPPING_MESSAGES = {
  shippingFree: 'Free',
  /** Shown beside a method whose price an order amount made free. */
  freeFrom: (amount: string) => `Free from ${amount}`,
  noShippingTo: (place: string) => `Sorry, we do not ship to ${place}.`,
  methodUnavailable: 'This shipping method is not available for your address. Please choose another.',
  methodIdInvalid: 'Please choose a shipping method.',
  zoneNameRequired: 'Zone name is required (at most 60 characters).',
  zoneNotFound: 'This shipping zone does not exist.',
  methodNotFound: 'This shipping method does not exist.',
  countryTaken: (country: string, zone: string) => `${country} is already in the zone ${zone}.`,
  countryTwice: (country: string) => `${country} is listed twice.`,
  restOfWorldTaken: 'The shop already has a rest-of-world zone.',
  placesRequired: 'Add at least one country, or make this the rest-of-world zone.',
  statesInvalid: 'States and provinces are names of 2 to 60 characters, at most 80 of them.',
  methodNameRequired: 'Method name is required (at most 60 characters).',
  methodNameTaken: (name: string) => `This zone already has a method named ${name}.`,
  methodPriceInvalid: 'The price must be an amount from $0.00 to $10,000.00 in whole cents.',
  freeFromInvalid: 'The free-from amount must be from $0.01 to $1,000,000.00 in whole cents, or empty.',
  estimateInvalid: 'The delivery estimate is at most 60 characters.',
  zoneSaved: 'Shipping zone saved.',
  zoneDeleted: 'Shipping zone deleted.',
  methodSaved: 'Shipping method saved.',
  methodDeleted: 'Shipping method deleted.',
} as const;

export const TAX_MESSAGES = {
  rateInvalid: 'The rate must be a percentage from 0 to 100 with at most 3 decimals.',
  shippingRateInvalid: 'The shipping rate must be a percentage from 0 to 100 with at most 3 decimals, or empty.',
  rateTaken: (place: string) => `${place} already has a tax rate.`,
  rateNotFound: 'This tax rate does not exist.',
  stateInvalid: 'A state or province is 2 to 60 characters, or empty for the whole country.',
  legalTextInvalid: (field: string, max: number) => `${field} is at most ${max} characters.`,
  rateSaved: 'Tax rate saved.',
  rateDeleted: 'Tax rate deleted.',
  settingsSaved: 'Tax settings saved.',
  /** Receipt and summary wording. */
  taxLine: 'Tax',
  vatIncluded: (amount: string) => `incl. VAT ${amount}`,
  vatIncludedLabel: 'incl. VAT',
} as const;

export const ADDRESS_MESSAGES = {
  addressNotFound: 'This address does not exist.',
  tooManyAddresses: (max: number) => `You can keep at most ${max} addresses. Please delete one first.`,
  labelInvalid: 'A label is at most 40 characters.',
  addressSaved: 'Address saved.',
  addressDeleted: 'Address deleted.',
  defaultSet: 'Default address updated.',
  /** The profile's address book. */
  bookEmpty: 'No saved addresses yet. Add one here, or keep one at checkout.',
  bookFull: (max: number) => `Your address book is full (${max} addresses).`,
  makeDefaultLabel: 'Make this my default address',
  saveFailed: 'Failed to save the address',
  changeFailed: 'Failed to change the address book',
} as const;

/** Most addresses one customer may keep in the book. */
export const MAX_SAVED_ADDRESSES = 20;

/**
 * A tax rate travels as a percentage (19, 7.25, 8.875) and is stored as thousandths of a percent
 * (19000, 7250, 8875), so that every rule in the shop is integer arithmetic.
 */
export const RATE_SCALE = 1000;
export const toRateMilli = (percent: number): number => Math.round(percent * RATE_SCALE);
export const toPercent = (milli: number): number => milli / RATE_SCALE;
export function formatPercent(milli: number): string {
  return `${toPercent(milli).toString()}%`;
}

/** The shipping line of a summary, receipt or mail: "Shipping: Free", "Shipping (Express): $15.00". */
export function shippingLineLabel(methodName: string): string {
  return methodName && methodName !== 'Standard' ? `Shipping (${methodName})` : 'Shipping';
}
export const shippingAmountText = (amount: number): string => (amount === 0 ? 'Free' : `$${amount.toFixed(2)}`);
/** The tax line: added tax is "Tax"; tax inside the prices is "incl. VAT". */
export const taxLineLabel = (pricesIncludeTax: boolean): string => (pricesIncludeTax ? 'incl. VAT' : 'Tax');
