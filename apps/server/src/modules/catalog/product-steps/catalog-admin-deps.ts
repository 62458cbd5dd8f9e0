import type { Database } from '../../../db/client.ts';
import type { AuditRecorder } from '../../audit/index.ts';
import type { ProductImagesService } from '../../images/index.ts';
import type { CatalogChanges } from '../catalog-changes.ts';

/** What the back office's product steps work with, given once to `createCatalogAdminService`. */
export type CatalogAdminDeps = {
  db: Database;
  images: ProductImagesService;
  audit: AuditRecorder;
  catalogChanges: CatalogChanges;
  clock: () => Date;
  lowStockThreshold: () => Promise<number>;
};
