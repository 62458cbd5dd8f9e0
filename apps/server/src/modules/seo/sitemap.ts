import type { Category, CategoryInfo } from '@shopper/contract';
import { CATEGORIES } from '@shopper/contract';
import { absoluteUrl, categoryPath, productPath } from './site-urls.ts';

/** The sitemap protocol's limit per file; beyond it a sitemap index is needed (decision 025). */
export const SITEMAP_MAX_URLS = 50_000;

export type SitemapEntry = { path: string; lastmod: Date | undefined };

export type SitemapProduct = { slug: string; category: Category; updatedAt: Date };

function latest(...dates: (Date | undefined)[]): Date | undefined {
  return dates.reduce<Date | undefined>((best, date) => (date && (!best || date > best) ? date : best), undefined);
}

/**
 * The indexable pages: home and /shop (changed when any product did), each category page (its
 * banner or any of its products), the store pages (terms, returns…), and every product on sale. Only canonical addresses: no
 * filtered listings (decision 025).
 */
export function sitemapEntries(
  products: readonly SitemapProduct[],
  categories: readonly CategoryInfo[],
  storePages: readonly SitemapEntry[] = [],
): SitemapEntry[] {
  const newest = latest(...products.map((product) => product.updatedAt));
  const newestIn = (category: Category) =>
    latest(...products.filter((product) => product.category === category).map((product) => product.updatedAt));
  const categoryEntries = CATEGORIES.map((category) => {
    const info = categories.find((candidate) => candidate.slug === category);
    return {
      path: categoryPath(category),
      lastmod: latest(newestIn(category), info ? new Date(info.updatedAt) : undefined),
    };
  });
  const fixed = [{ path: '/', lastmod: newest }, { path: '/shop', lastmod: newest }, ...categoryEntries, ...storePages];
  return [
    ...fixed,
    ...products
      .slice(0, SITEMAP_MAX_URLS - fixed.length)
      .map((product) => ({ path: productPath(product.slug), lastmod: product.updatedAt })),
  ];
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A sitemaps.org 0.9 urlset with absolute addresses on the public origin (PUBLIC_URL). */
export function renderSitemap(entries: readonly SitemapEntry[], publicOrigin: string): string {
  const urls = entries.map((entry) => {
    const loc = `<loc>${escapeXml(absoluteUrl(publicOrigin, entry.path))}</loc>`;
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : '';
    return `  <url>${loc}${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
