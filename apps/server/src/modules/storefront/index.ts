export { sendRenderedPage } from './send-rendered-page.ts';
export { createStorefrontRenderer } from './storefront-renderer.ts';
