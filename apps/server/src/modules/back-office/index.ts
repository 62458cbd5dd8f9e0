export { backOfficeRoutes } from './back-office.routes.ts';
