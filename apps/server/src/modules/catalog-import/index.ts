export { catalogImportAdminRoutes } from './catalog-import.admin-routes.ts';
export { type CatalogImportAdminService, createCatalogImportAdminService } from './catalog-import.admin-service.ts';
export { createImportRunner, type ImportRunner } from './import-runner.ts';
