export { type CatalogChanges, createCatalogChanges } from './catalog-changes.ts';
export { type CachedPage, type CatalogReadCache, createCatalogReadCache } from './catalog-read-cache.ts';
export { catalogAdminRoutes } from './catalog.admin-routes.ts';
export { type CatalogAdminService, createCatalogAdminService } from './catalog.admin-service.ts';
export type { CatalogFileColour, CatalogFileProduct } from './catalog-file.ts';
export type {
  ImportContext,
  ImportedColour,
  ImportedPicture,
  ImportedProduct,
  ImportResult,
} from './product-import.ts';
export { catalogRoutes } from './catalog.routes.ts';
export {
  type CartColour,
  type CartProduct,
  type CatalogService,
  type ListingScope,
  type ProductPage,
  createCatalogService,
  itemLabel,
  OutOfStockError,
  type StockLine,
} from './catalog.service.ts';
export { categoriesAdminRoutes } from './categories.admin-routes.ts';
export { coloursAdminRoutes } from './colours.admin-routes.ts';
export { createCategoriesAdminService } from './categories.admin-service.ts';
export { type CategoriesService, createCategoriesService } from './categories.service.ts';
export {
  type ColourRow,
  colourSlug,
  coloursOf,
  defaultColourOf,
  drawingSwatch,
  NEUTRAL_SWATCH,
} from './product-colours.ts';
export { type ColourSummary, summariseColours, type VariantStock } from './product-view.ts';
