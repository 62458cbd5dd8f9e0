import { type CategoryBanner, type CategoryInfo, MESSAGES } from '@shopper/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditService } from '../audit/index.ts';
import { type ProductImagesService, uploadUrl } from '../images/index.ts';
import type { CatalogChanges } from './catalog-changes.ts';
import type { CategoriesService } from './categories.service.ts';

export type CategoriesAdminService = ReturnType<typeof createCategoriesAdminService>;

/**
 * Category banners in the back office: choose a built-in banner, an https address, or a picture
 * uploaded here (re-encoded by the product image pipeline, served from the same storage, so it
 * works on every instance). Each change is audited and clears every instance's catalog cache.
 */
export function createCategoriesAdminService({
  db,
  categories,
  images,
  audit,
  catalogChanges,
}: {
  db: Database;
  categories: CategoriesService;
  images: Pick<ProductImagesService, 'process'>;
  audit: AuditService;
  catalogChanges: Pick<CatalogChanges, 'changedHere'>;
}) {
  async function setBanner(actorId: string, slug: string, banner: CategoryBanner): Promise<CategoryInfo> {
    const before = (await categories.list()).find((c) => c.slug === slug);
    if (!before) throw new AppError('NOT_FOUND', MESSAGES.categoryNotFound(slug));
    const changed = await db.transaction(async (tx) => {
      const after = await categories.setCategoryBanner(slug, banner, tx);
      await audit.record(tx, {
        actorId,
        action: 'category.banner',
        entity: 'category',
        entityId: slug,
        before: before.banner,
        after: after.banner,
      });
      return after;
    });
    catalogChanges.changedHere();
    return changed;
  }

  /** The widest WebP variant: a banner spans the page. */
  async function uploadBanner(bytes: Buffer): Promise<{ image: string; width: number; height: number }> {
    const processed = await images.process(bytes);
    const widest = processed.variants
      .filter((v) => v.format === 'webp')
      .reduce((best, v) => (v.width > best.width ? v : best));
    return { image: uploadUrl(widest.key), width: widest.width, height: widest.height };
  }

  return {
    list: () => categories.list(),
    setBanner,
    uploadBanner,
  };
}
