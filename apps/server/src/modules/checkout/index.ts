export { checkoutRoutes, paymentWebhookRoutes } from './checkout.routes.ts';
export { createCheckoutService } from './checkout.service.ts';
export { createPaymentCustomersService } from './payment-customers.service.ts';
export { createReconciler, type Reconciler } from './reconciler.ts';
export { savedCardsRoutes } from './saved-cards.routes.ts';
export { createSavedCardsService } from './saved-cards.service.ts';
