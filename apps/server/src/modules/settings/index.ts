export { settingsAdminRoutes } from './settings.admin-routes.ts';
export { createSettingsService } from './settings.service.ts';
