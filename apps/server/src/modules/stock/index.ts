export { setStockContext } from './stock-context.ts';
export { stockAdminRoutes } from './stock.admin-routes.ts';
export { createStockService } from './stock.service.ts';
