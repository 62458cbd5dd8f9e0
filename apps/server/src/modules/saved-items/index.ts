export { savedItemsRoutes } from './saved-items.routes.ts';
export { createSavedItemsService, type SavedItemsService } from './saved-items.service.ts';
