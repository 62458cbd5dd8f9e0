import type { Category, CategoryBanner, CategoryInfo } from '@shopper/contract';
import { CATEGORIES, MESSAGES } from '@shopper/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

export type CategoriesService = ReturnType<typeof createCategoriesService>;

const MAX_ALT = 200;
const MAX_IMAGE = 500;
const MAX_SIDE = 10_000;

/** A banner the page can show safely: the shop's own image path or an https URL, and real alt text. */
function checkBanner(banner: CategoryBanner): CategoryBanner {
  const image = banner.image.trim();
  const alt = banner.alt.trim();
  const isOwnPath = /^\/images\/[\w./-]+$/.test(image) && !image.includes('..');
  const isHttps = /^https:\/\/[^\s"'<>]+$/.test(image);
  const fields = [
    ...(image.length <= MAX_IMAGE && (isOwnPath || isHttps)
      ? []
      : [{ param: 'image', msg: 'The banner must be an image path on the shop or an https address' }]),
    ...(alt.length > 0 && alt.length <= MAX_ALT
      ? []
      : [{ param: 'alt', msg: `Describe the banner in 1 to ${MAX_ALT} characters` }]),
    ...([banner.width, banner.height].every((side) => Number.isInteger(side) && side > 0 && side <= MAX_SIDE)
      ? []
      : [{ param: 'width', msg: 'Give the banner its size in pixels' }]),
  ];
  if (fields.length > 0) throw new AppError('VALIDATION_FAILED', fields[0]!.msg, fields);
  return { image, alt, width: banner.width, height: banner.height };
}

/** The categories and their banners (docs/product.md#category-page); the back office changes banners through here. */
export function createCategoriesService({ db, clock }: { db: Database; clock: () => Date }) {
  function toInfo(row: typeof categories.$inferSelect): CategoryInfo {
    return {
      slug: row.slug as Category,
      name: row.name,
      banner: { image: row.bannerImage, alt: row.bannerAlt, width: row.bannerWidth, height: row.bannerHeight },
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** In the order of docs/product.md#constants (men, women, kids). */
  async function list(): Promise<CategoryInfo[]> {
    const rows = await db.select().from(categories).orderBy(asc(categories.slug));
    return rows.map(toInfo).sort((a, b) => CATEGORIES.indexOf(a.slug) - CATEGORIES.indexOf(b.slug));
  }

  /** `executor`: the back office's transaction, which writes the audit row with the change. */
  async function setCategoryBanner(
    slug: string,
    banner: CategoryBanner,
    executor: Database = db,
  ): Promise<CategoryInfo> {
    const checked = checkBanner(banner);
    const [row] = await executor
      .update(categories)
      .set({
        bannerImage: checked.image,
        bannerAlt: checked.alt,
        bannerWidth: checked.width,
        bannerHeight: checked.height,
        updatedAt: clock(),
      })
      .where(eq(categories.slug, slug))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.categoryNotFound(slug));
    return toInfo(row);
  }

  return { list, setCategoryBanner };
}
