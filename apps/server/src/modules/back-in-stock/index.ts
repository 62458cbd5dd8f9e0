export { createUnsubscribeTokens } from './back-in-stock-links.ts';
export { createBackInStockNotifier, type BackInStockNotifier } from './back-in-stock-notifier.ts';
export { backInStockRoutes } from './back-in-stock.routes.ts';
export { createBackInStockService, type BackInStockService } from './back-in-stock.service.ts';
