export { newsletterAdminRoutes } from './newsletter.admin-routes.ts';
export { createNewsletterAdminService } from './newsletter.admin-service.ts';
export { newsletterRoutes } from './newsletter.routes.ts';
export { createNewsletterService } from './newsletter.service.ts';
