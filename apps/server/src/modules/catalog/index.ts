export { type CatalogChanges, createCatalogChanges } from './catalog-changes.ts';
export { type CachedPage, type CatalogReadCache, createCatalogReadCache } from './catalog-read-cache.ts';
export { catalogAdminRoutes } from './catalog.admin-routes.ts';
export { createCatalogAdminService } from './catalog.admin-service.ts';
export { catalogRoutes } from './catalog.routes.ts';
export { type CartProduct, type CatalogService, createCatalogService, OutOfStockError } from './catalog.service.ts';
export { categoriesAdminRoutes } from './categories.admin-routes.ts';
export { createCategoriesAdminService } from './categories.admin-service.ts';
export { type CategoriesService, createCategoriesService } from './categories.service.ts';
