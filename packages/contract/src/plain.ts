/**
 * Everything in the contract that needs no zod: constants, texts and pure rules. The storefront's
 * first paint imports from `@shopper/contract/plain` so the schemas (and zod, about 25 KB gzipped)
 * stay out of its first JavaScript (decision 026). Every module here must keep off zod.
 */
export * from './constants.ts';
export * from './banner-sources.ts';
export * from './early-input.ts';
export * from './messages.ts';
export * from './pricing.ts';
export * from './tracking.ts';
export * from './pagination.ts';
export * from './countries.ts';
export * from './account-messages.ts';
export * from './account-ui-messages.ts';
export * from './user-rules.ts';
export * from './cart-messages.ts';
export * from './checkout-messages.ts';
export * from './shipping-tax-messages.ts';
export * from './shipping-offer.ts';
export * from './order-rules.ts';
export * from './order-tracking-messages.ts';
export * from './after-purchase-messages.ts';
export * from './shop-ui-messages.ts';
export * from './review-rules.ts';
export * from './newsletter-messages.ts';
export * from './back-in-stock-messages.ts';
export * from './admin-messages.ts';
export * from './admin-catalog-messages.ts';
export * from './back-office-ui-messages.ts';
export * from './store-pages.ts';
export * from './data-rights.ts';
export * from './collections.ts';
export * from './guest-checkout-messages.ts';
