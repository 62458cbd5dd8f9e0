export { collectionsAdminRoutes } from './collections.admin-routes.ts';
export { type CollectionsAdminService, createCollectionsAdminService } from './collections.admin-service.ts';
export { collectionsRoutes, homeSectionsRoutes } from './collections.routes.ts';
export { type CollectionsService, createCollectionsService } from './collections.service.ts';
