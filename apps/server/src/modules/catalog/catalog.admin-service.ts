import type {
  AdminProduct,
  AdminProductListQuery,
  ProductCreateBodySchema,
  ProductGalleryBody,
  ProductStatus,
  ProductUpdateBodySchema,
} from '@shopper/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { readCatalogFile } from './catalog-file.ts';
import { createColoursAdminService, type ProductChange } from './colours.admin-service.ts';
import type { ImportContext, ImportedProduct, ImportResult } from './product-import.ts';
import { addProductImage } from './product-steps/add-product-image.ts';
import { coloursOnOpenOrders } from './product-steps/admin-product-view.ts';
import type { CatalogAdminDeps } from './product-steps/catalog-admin-deps.ts';
import { createProduct } from './product-steps/create-product.ts';
import { getProduct } from './product-steps/get-product.ts';
import { importProduct } from './product-steps/import-product.ts';
import { listProducts } from './product-steps/list-products.ts';
import { runProductChange } from './product-steps/product-change.ts';
import { checkSlug } from './product-steps/product-slugs.ts';
import { setProductGallery } from './product-steps/set-product-gallery.ts';
import { setProductStatus } from './product-steps/set-product-status.ts';
import { updateProduct } from './product-steps/update-product.ts';

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;

/**
 * The back office's side of the catalog (docs/product.md#back-office): every product whatever its status,
 * edits, publishing and the gallery. Every change writes its audit row in its own transaction and
 * clears the storefront's read cache after the commit, so the change shows at once. Each step lives
 * in its own file under `product-steps/`; this service only hands them their collaborators.
 */
export function createCatalogAdminService(deps: CatalogAdminDeps) {
  const change: ProductChange = (actorId, id, action, apply) => runProductChange(deps, actorId, id, action, apply);

  return {
    colours: createColoursAdminService({ change, images: deps.images, clock: deps.clock, coloursOnOpenOrders }),

    importProduct: (tx: Database, input: ImportedProduct, context: ImportContext): Promise<ImportResult> =>
      importProduct(deps, tx, input, context),

    /** After an import's transaction commits: every instance drops its cached catalog (decision 028). */
    importCommitted: () => deps.catalogChanges.changedHere(),

    /** Products as the catalog file sees them (decision 043): those of `slugs`, or all, in slug order. */
    fileProducts: (slugs?: readonly string[]) => readCatalogFile(deps.db, slugs),

    list: (query: AdminProductListQuery) => listProducts(deps, query),

    get: (id: string): Promise<AdminProduct> => getProduct(deps, id),

    checkSlug: (slug: string, excludeId?: string) => checkSlug(deps.db, slug, excludeId),

    create: (actorId: string, input: z.output<typeof ProductCreateBodySchema>) => createProduct(deps, actorId, input),

    update: (actorId: string, id: string, input: z.output<typeof ProductUpdateBodySchema>) =>
      updateProduct(deps, actorId, id, input),

    setStatus: (actorId: string, id: string, status: ProductStatus) => setProductStatus(deps, actorId, id, status),

    addImage: (actorId: string, id: string, bytes: Buffer, colourId?: string) =>
      addProductImage(deps, actorId, id, bytes, colourId),

    setGallery: (actorId: string, id: string, gallery: ProductGalleryBody, colourId?: string) =>
      setProductGallery(deps, actorId, id, gallery, colourId),
  };
}
