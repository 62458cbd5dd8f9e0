export * from './constants.ts';
export * from './messages.ts';
export * from './pricing.ts';
export * from './pagination.ts';
export * from './schemas/error.ts';
export * from './schemas/product.ts';
