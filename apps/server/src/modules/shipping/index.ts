export { shippingAdminRoutes } from './shipping.admin-routes.ts';
export { shippingOfferRoutes } from './shipping.routes.ts';
export {
  createShippingService,
  type Destination,
  type ShippingService,
  type ShippingQuote,
} from './shipping.service.ts';
export type { MethodOption } from './shipping-rules.ts';
