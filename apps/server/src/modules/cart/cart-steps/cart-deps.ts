import type { Database } from '../../../db/client.ts';
import type { CatalogService } from '../../catalog/index.ts';
import type { CouponsService } from '../coupons.service.ts';

/** What the cart's steps work with, given once to `createCartService`. */
export type CartDeps = {
  db: Database;
  catalog: CatalogService;
  clock: () => Date;
  coupons: CouponsService;
};
