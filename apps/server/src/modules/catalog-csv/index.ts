export { catalogCsvAdminRoutes } from './catalog-csv.admin-routes.ts';
export { type CatalogCsvAdminService, createCatalogCsvAdminService } from './catalog-csv.admin-service.ts';
export { createImportRunner, type ImportRunner } from './import-runner.ts';
