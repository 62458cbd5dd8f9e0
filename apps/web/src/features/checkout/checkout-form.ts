import { z } from 'zod';
import {
  DEFAULT_COUNTRY,
  GUEST_CHECKOUT_MESSAGES as G,
  SHOP_UI_MESSAGES as UI,
  toCountryCode,
} from '@shopper/contract/plain';
import { EmailSchema, type ShippingInfoInput, type TestCard, type User } from '@shopper/contract';
import { ADDRESS_FIELDS, addressFormShape } from '../../lib/address-form.ts';

/** The Shipping form of docs/product.md#entities: the address form the profile's address book uses too. */
export const SHIPPING_FIELDS = ADDRESS_FIELDS;
const shippingShape = addressFormShape;

const EXPIRY_PATTERN = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/;

/** The card fields of the test-mode provider; the provider itself judges the number and the dates. */
export const testCardFormSchema = z.object({
  ...shippingShape,
  email: z.string(),
  cardNumber: z.string().trim().min(1, UI.cardNumberRequired),
  expiry: z.string().trim().regex(EXPIRY_PATTERN, UI.expiryInvalid),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, UI.cvcRequired),
});

/** With Stripe, Elements holds the card: the form has only the shipping fields. */
export const stripeFormSchema = z.object({
  ...shippingShape,
  email: z.string(),
  cardNumber: z.string(),
  expiry: z.string(),
  cvc: z.string(),
});

export type CheckoutFormValues = z.infer<typeof testCardFormSchema>;

/**
 * A guest gives the email the confirmation goes to (docs/product.md#guest-checkout): a missing one
 * has checkout's own message, the rest are the rules the server applies (EmailSchema). An
 * account's own address is used instead.
 */
const guestEmailSchema = z.string().trim().min(1, G.emailRequired).pipe(EmailSchema);
export const guestTestCardFormSchema = testCardFormSchema.extend({ email: guestEmailSchema });
export const guestStripeFormSchema = stripeFormSchema.extend({ email: guestEmailSchema });

/** Prefilled from the profile when it has an address (docs/product.md#checkout); the country defaults to US (docs/product.md#checkout). */
export function checkoutDefaults(user: User | null): CheckoutFormValues {
  const address = user?.address ?? null;
  return {
    name: user?.name ?? '',
    address: address?.street ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    country: (address?.country && toCountryCode(address.country)) || DEFAULT_COUNTRY,
    postalCode: address?.postalCode || address?.zipCode || '',
    phoneNumber: user?.phone ?? '',
    email: '',
    cardNumber: '',
    expiry: '',
    cvc: '',
  };
}

/** The wire shape of POST /api/payment/create-payment-intent (docs/product.md#payment-api). */
export function toShippingInfo(values: CheckoutFormValues, shippingMethod: string): ShippingInfoInput {
  return {
    name: values.name.trim(),
    phoneNumber: values.phoneNumber.trim(),
    shippingMethod,
    shippingAddress: {
      street: values.address.trim(),
      city: values.city.trim(),
      state: values.state.trim(),
      country: values.country,
      zip: values.postalCode.trim(),
    },
  };
}

export function toTestCard(values: Pick<CheckoutFormValues, 'cardNumber' | 'expiry' | 'cvc'>): TestCard {
  const [, month = '0', year = '0'] = EXPIRY_PATTERN.exec(values.expiry.trim()) ?? [];
  return {
    number: values.cardNumber.trim(),
    expMonth: Number(month),
    expYear: 2000 + Number(year),
    cvc: values.cvc.trim(),
  };
}
