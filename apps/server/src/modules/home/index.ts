export { homeAdminRoutes } from './home.admin-routes.ts';
