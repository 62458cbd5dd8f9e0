export { returnsAdminRoutes } from './returns.admin-routes.ts';
export { createReturnsAdminService, type ReturnsAdminService } from './returns.admin-service.ts';
export { returnsRoutes } from './returns.routes.ts';
export { createReturnsService, type ReturnsService } from './returns.service.ts';
export { createReturnRefundSweep, type ReturnRefundSweep } from './return-refund-sweep.ts';
