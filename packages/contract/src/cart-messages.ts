import { formatUsd, toDollars } from './pricing.ts';

/** Cart and promo code texts (docs/product.md#cart-input, docs/product.md#roles and docs/product.md#cart), shared by the server and the web. */
export const CART_MESSAGES = {
  // docs/product.md#cart-input and docs/product.md#cart, word for word.
  sizeRequired: 'Size is required',
  quantityAtLeastOne: 'Quantity must be at least 1',
  fetchCartFailed: 'Failed to fetch cart',
  clearCartFailed: 'Failed to clear cart',
  errorLoadingCart: 'Error Loading Cart',

  productRequired: 'Product is required',
  sizeInvalid: 'Please select a valid size',
  quantityWhole: 'Quantity must be a whole number',
  quantityTooLarge: (max: number) => `Quantity cannot exceed ${max}`,
  removeAllFlag: 'removeAll must be true or false',
  syncItemsRequired: 'Items must be a list',
  syncTooManyItems: (max: number) => `At most ${max} items can be synced at once.`,

  productNotFound: 'This product could not be found.',
  sizeUnavailable: (size: string) => `Size ${size} is not available for this product.`,
  soldOut: (size: string) => `Size ${size} is sold out.`,
  onlyLeft: (stock: number, size: string) => `Only ${stock} left in size ${size}.`,
  onlyLeftWithCart: (stock: number, size: string, inCart: number) =>
    `Only ${stock} left in size ${size}, and ${inCart} ${inCart === 1 ? 'is' : 'are'} already in your cart.`,
  lineLimit: (max: number) => `You can have at most ${max} of one item in your cart.`,
  lineNotFound: 'This item is not in your cart.',

  // Products in several colours (decision 043): the texts name the colour; one-colour products keep the ones above.
  colourNotFound: 'This colour is not available for this product.',
  soldOutIn: (colour: string, size: string) => `${colour} in size ${size} is sold out.`,
  onlyLeftIn: (stock: number, colour: string, size: string) => `Only ${stock} left in ${colour}, size ${size}.`,
  onlyLeftInWithCart: (stock: number, colour: string, size: string, inCart: number) =>
    `Only ${stock} left in ${colour}, size ${size}, and ${inCart} ${inCart === 1 ? 'is' : 'are'} already in your cart.`,

  couponRequired: 'Please enter a promo code.',
  couponInvalid: 'This promo code is not valid.',
  couponExpired: 'This promo code has expired.',
  couponExhausted: 'This promo code has reached its usage limit.',
  couponMinimum: (minSubtotalCents: number) =>
    `Spend at least ${formatUsd(toDollars(minSubtotalCents))} to use this code.`,
  couponApplied: (code: string) => `Promo code ${code} applied.`,
  couponRemoved: 'Promo code removed.',
  couponDropped: (code: string, reason: string) => `Promo code ${code} was removed: ${reason}`,
} as const;
