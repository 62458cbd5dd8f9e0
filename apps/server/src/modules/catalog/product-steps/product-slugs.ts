import { ADMIN_CATALOG_MESSAGES as M, SLUG_PATTERN } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { products } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';

/** A slug from a name: ASCII lower-case words joined by hyphens ("Été Linen Shirt" → "ete-linen-shirt"). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return slug || 'product';
}

export const slugTaken = () => new AppError('CONFLICT', M.slugTaken, [{ param: 'slug', msg: M.slugTaken }]);

/** Whether an error is the database refusing a second row under a unique constraint. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const e = cause as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (e.constraint === constraint || (e.message ?? '').includes(constraint));
}

export async function isSlugFree(executor: Database, slug: string, excludeId?: string): Promise<boolean> {
  const [row] = await executor.select({ id: products.id }).from(products).where(eq(products.slug, slug)).limit(1);
  return !row || row.id === excludeId;
}

export async function freeSlugFrom(executor: Database, base: string): Promise<string> {
  for (let n = 1; n < 1000; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (await isSlugFree(executor, candidate)) return candidate;
  }
  throw slugTaken();
}

/** For the form's live check: malformed and taken slugs are not available. */
export async function checkSlug(
  db: Database,
  slug: string,
  excludeId?: string,
): Promise<{ available: boolean; message?: string }> {
  if (!SLUG_PATTERN.test(slug) || slug.length > 120) return { available: false, message: M.slugInvalid };
  return (await isSlugFree(db, slug, excludeId)) ? { available: true } : { available: false, message: M.slugTaken };
}
