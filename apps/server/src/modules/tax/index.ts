export { taxAdminRoutes } from './tax.admin-routes.ts';
export { shopLegalRoutes } from './tax.routes.ts';
export { createTaxService, type TaxPricing, type TaxService } from './tax.service.ts';
export { type Charges, chargesFor, rateMilliOf } from './tax-rules.ts';
