export { customerFigures } from './customer-figures.ts';
export { orderConfirmationMail } from './order-mail.ts';
export { createOrderCancellation, type OrderCancellation } from './order-cancellation.ts';
export { ordersAdminRoutes } from './orders.admin-routes.ts';
export { createOrdersAdminService, type OrdersAdminService } from './orders.admin-service.ts';
export { ordersRoutes } from './orders.routes.ts';
export { createOrdersService, type OrdersService } from './orders.service.ts';
export { createRefundsService } from './refunds.service.ts';
export { createSalesFigures } from './sales-figures.ts';
