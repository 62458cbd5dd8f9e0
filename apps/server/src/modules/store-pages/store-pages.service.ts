import {
  type AdminStorePage,
  isStorePageSlug,
  STORE_PAGE_MESSAGES,
  STORE_PAGE_SLUGS,
  STORE_PAGE_TITLES,
  type StorePage,
  type StorePageBody,
  type StorePageSlug,
} from '@shopper/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { storePages } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditRecorder } from '../audit/index.ts';
import type { CatalogChanges } from '../catalog/index.ts';
import { renderPageMarkdown } from './page-markdown.ts';
import { STARTER_PAGES } from './starter-pages.ts';

export type StorePagesService = ReturnType<typeof createStorePagesService>;

/** The starter pages, rendered once: they never change while the process runs. */
const starters = new Map<StorePageSlug, AdminStorePage>();
function starterPage(slug: StorePageSlug): AdminStorePage {
  let page = starters.get(slug);
  if (!page) {
    const markdown = STARTER_PAGES[slug];
    page = {
      slug,
      title: STORE_PAGE_TITLES[slug],
      markdown,
      html: renderPageMarkdown(markdown),
      isStarter: true,
      updatedAt: null,
    };
    starters.set(slug, page);
  }
  return page;
}

function slugOf(value: string): StorePageSlug {
  if (!isStorePageSlug(value)) throw new AppError('NOT_FOUND', STORE_PAGE_MESSAGES.notFound);
  return value;
}

/** The shop's own pages (docs/product.md#store-pages): the owner edits them, every visitor reads them. */
export function createStorePagesService({
  db,
  clock,
  audit,
  catalogChanges,
}: {
  db: Database;
  clock: () => Date;
  audit: AuditRecorder;
  catalogChanges: Pick<CatalogChanges, 'changedHere'>;
}) {
  async function read(slug: StorePageSlug, executor: Database = db): Promise<AdminStorePage> {
    const [row] = await executor.select().from(storePages).where(eq(storePages.slug, slug));
    if (!row) return starterPage(slug);
    return {
      slug,
      title: row.title,
      markdown: row.markdown,
      html: row.html,
      isStarter: false,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function page(slugText: string): Promise<StorePage> {
    const { markdown: _markdown, ...visible } = await read(slugOf(slugText));
    return visible;
  }

  async function list(): Promise<AdminStorePage[]> {
    return Promise.all(STORE_PAGE_SLUGS.map((slug) => read(slug)));
  }

  /** Saves the page and its audit row (the page's history) in one transaction. */
  async function update(actorId: string, slugText: string, body: StorePageBody): Promise<AdminStorePage> {
    const slug = slugOf(slugText);
    const html = renderPageMarkdown(body.markdown);
    const saved = await db.transaction(async (tx) => {
      await tx.select({ slug: storePages.slug }).from(storePages).where(eq(storePages.slug, slug)).for('update');
      const before = await read(slug, tx);
      const now = clock();
      const values = { title: body.title, markdown: body.markdown, html, updatedAt: now };
      await tx
        .insert(storePages)
        .values({ slug, ...values })
        .onConflictDoUpdate({ target: storePages.slug, set: values });
      await audit.record(tx, {
        actorId,
        action: 'store-page.update',
        entity: 'store-page',
        entityId: slug,
        before: { title: before.title, markdown: before.markdown, isStarter: before.isStarter },
        after: { title: body.title, markdown: body.markdown },
      });
      return read(slug, tx);
    });
    // Rendered pages are cached with the catalog's: this instance drops them now, the others on
    // the table's notification.
    catalogChanges.changedHere();
    return saved;
  }

  return { page, list, adminPage: async (slug: string) => read(slugOf(slug)), update };
}
