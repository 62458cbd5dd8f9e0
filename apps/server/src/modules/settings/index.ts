export { settingsAdminRoutes } from './settings.admin-routes.ts';
export { createSettingsService, type SettingsService } from './settings.service.ts';
