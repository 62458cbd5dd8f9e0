import type { DatabaseHandle } from '../db/client.ts';
import { createAuditService } from '../modules/audit/index.ts';
import { createCatalogAdminService, createCatalogChanges } from '../modules/catalog/index.ts';
import { createImportRunner, type ImportRunner } from '../modules/catalog-import/index.ts';
import { createDatabaseImageStorage, createProductImagesService } from '../modules/images/index.ts';
import { createSettingsService } from '../modules/settings/index.ts';

const quiet = { warn: () => undefined, error: () => undefined };

/**
 * The catalog import's runner as another instance on the same database would run it (decision
 * 029), built from the real services, with a clock of its own: one ahead of the shop's sees the
 * leases of the shop's runner run out, as after a crash.
 */
export function importRunnerOn(
  database: DatabaseHandle,
  clock: () => Date,
  publicUrl = 'http://localhost:3000',
): ImportRunner {
  const { db } = database;
  const audit = createAuditService({ db, clock });
  const images = createProductImagesService({
    db,
    storage: createDatabaseImageStorage({ db }),
    limits: { maxPixels: 50_000_000 },
  });
  const catalogAdmin = createCatalogAdminService({
    db,
    images,
    audit,
    catalogChanges: createCatalogChanges({ database, log: quiet }),
    clock,
    lowStockThreshold: async () => 5,
  });
  const settings = createSettingsService({ db, clock, audit });
  return createImportRunner({
    db,
    catalogAdmin,
    images,
    importImageHosts: settings.importImageHosts,
    clock,
    log: quiet,
    publicUrl,
    maxImageBytes: 10 * 1024 * 1024,
    // The test's picture server listens on loopback.
    privateNetworks: [{ address: '127.0.0.1', prefix: 32, family: 'ipv4' }],
  });
}
