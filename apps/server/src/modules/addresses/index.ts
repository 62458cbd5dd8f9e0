export { addressesRoutes } from './addresses.routes.ts';
export { type AddressesService, createAddressesService } from './addresses.service.ts';
