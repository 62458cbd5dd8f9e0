// The customer's address book (docs/shipping-and-taxes.md#address-book): saved shipping addresses, one of them the default.
import { z } from 'zod';
import { CHECKOUT_MESSAGES as M } from '../checkout-messages.ts';
import { COUNTRY_CODES, toCountryCode } from '../countries.ts';
import { ADDRESS_MESSAGES as AM } from '../shipping-tax-messages.ts';

const ZIP_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{2,10}[A-Za-z0-9]$/;
const hasNoNul = (value: string) => !value.includes('\u0000');

/** The checkout's own rule for each field: an entry of the book can always be shipped to as it is. */
const required = (max: number) =>
  z
    .string({ error: M.shippingFieldsRequired })
    .trim()
    .min(1, M.shippingFieldsRequired)
    .max(max, `At most ${max} characters`)
    .refine(hasNoNul, M.shippingFieldsRequired);

export const SavedAddressBodySchema = z.object({
  label: z.string().trim().max(40, AM.labelInvalid).refine(hasNoNul, AM.labelInvalid).default(''),
  name: required(100),
  phone: required(30),
  street: required(200),
  city: required(100),
  state: required(100),
  zip: required(20).refine((v) => ZIP_PATTERN.test(v), M.zipInvalid),
  country: required(60)
    .refine((v) => toCountryCode(v) !== undefined, M.countryInvalid)
    .transform((v) => toCountryCode(v) ?? 'US'),
  /** True makes this the default; the first address saved is the default whatever is sent. */
  isDefault: z.boolean().default(false),
});
export type SavedAddressBody = z.input<typeof SavedAddressBodySchema>;
export type SavedAddressInput = z.output<typeof SavedAddressBodySchema>;

export const SavedAddressSchema = z.object({
  _id: z.string(),
  label: z.string(),
  name: z.string(),
  phone: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.enum(COUNTRY_CODES),
  isDefault: z.boolean(),
});
export type SavedAddress = z.infer<typeof SavedAddressSchema>;

export const SavedAddressesAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  addresses: z.array(SavedAddressSchema),
});
export type SavedAddressesAnswer = z.infer<typeof SavedAddressesAnswerSchema>;

export const AddressIdParamsSchema = z.object({ id: z.uuid({ error: AM.addressNotFound }) });

/** The shop's legal details printed on every receipt (docs/shipping-and-taxes.md#receipts). */
export const ShopLegalSchema = z.object({
  legalName: z.string(),
  legalAddress: z.string(),
  taxNumber: z.string(),
});
export type ShopLegal = z.infer<typeof ShopLegalSchema>;
/** GET /api/shop/shipping: what the top band promises about shipping. */
export const ShippingOfferSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('free') }),
  z.object({ kind: z.literal('free-from'), amount: z.number() }),
  z.object({ kind: z.literal('paid-from'), amount: z.number() }),
  z.object({ kind: z.literal('none') }),
]);
export const ShippingOfferAnswerSchema = z.object({ success: z.literal(true), offer: ShippingOfferSchema });
export type ShippingOfferAnswer = z.infer<typeof ShippingOfferAnswerSchema>;

export const ShopLegalAnswerSchema = z.object({ success: z.literal(true), legal: ShopLegalSchema });
