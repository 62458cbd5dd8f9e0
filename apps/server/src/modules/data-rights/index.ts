export { dataRightsAdminRoutes } from './data-rights.admin-routes.ts';
export { dataRightsRoutes } from './data-rights.routes.ts';
export { createDataRightsService, type DataRightsService } from './data-rights.service.ts';
