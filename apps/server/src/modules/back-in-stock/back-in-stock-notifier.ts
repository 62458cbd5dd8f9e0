import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { backInStockRequests } from '../../db/after-purchase-schema.ts';
import type { Database } from '../../db/client.ts';
import { createPeriodicWork } from '../../lib/periodic-work.ts';
import type { CatalogService } from '../catalog/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { linksFor, type UnsubscribeTokens } from './back-in-stock-links.ts';
import { backInStockMail } from './back-in-stock-mail.ts';
import { waitedLabel } from './back-in-stock.service.ts';

export const BACK_IN_STOCK_BATCH_SIZE = 50;
const DEFAULT_INTERVAL_MS = 5_000;

export type BackInStockNotifier = {
  /** Claims one batch of due requests and writes their mails; answers how many were claimed. */
  notifyDue(): Promise<number>;
  start(intervalMs?: number): void;
  /** A stock change committed somewhere (catalog change notifications): look soon. */
  nudge(): void;
  stop(): Promise<void>;
};

/**
 * Mails the requests the stock trigger made due (decision 069). A batch is claimed and its mails
 * are written to the outbox in one transaction: the claim (`FOR UPDATE SKIP LOCKED`) keeps any
 * number of workers off each other's rows, and the commit makes "notified" and "mail queued" true
 * together, so each request gets exactly one mail, or none if the transaction fails and the next
 * run takes it again. The outbox's sender delivers them.
 */
export function createBackInStockNotifier({
  db,
  catalog,
  tokens,
  publicUrl,
  clock,
  log,
}: {
  db: Database;
  catalog: Pick<CatalogService, 'getForCart'>;
  tokens: UnsubscribeTokens;
  publicUrl: string;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, 'error'>;
}): BackInStockNotifier {
  async function notifyDue(): Promise<number> {
    return db.transaction(async (tx) => {
      const due = tx
        .select({ id: backInStockRequests.id })
        .from(backInStockRequests)
        .where(eq(backInStockRequests.status, 'due'))
        .orderBy(asc(backInStockRequests.dueAt))
        .limit(BACK_IN_STOCK_BATCH_SIZE)
        .for('update', { skipLocked: true });
      const claimed = await tx
        .update(backInStockRequests)
        .set({ status: 'notified', notifiedAt: clock() })
        .where(and(inArray(backInStockRequests.id, due), eq(backInStockRequests.status, 'due')))
        .returning();
      if (claimed.length === 0) return 0;
      const products = await catalog.getForCart(
        claimed.map((row) => row.productId),
        tx,
      );
      for (const row of claimed) {
        const product = products.get(row.productId);
        const colour = product?.colours.get(row.colourId);
        // A product taken off sale or a colour hidden since: nothing to send them to; the request is done.
        if (!product || !colour) continue;
        const query = new URLSearchParams({ colour: colour.slug, size: row.size }).toString();
        const productUrl = `${publicUrl}/products/${encodeURIComponent(product.slug)}?${query}`;
        const label = waitedLabel(product.name, product.hasSeveralColours ? colour.name : undefined, row.size);
        const links = linksFor(publicUrl, tokens.sign(row.id));
        await enqueueMail(tx, backInStockMail(row.email, { label }, productUrl, links));
      }
      return claimed.length;
    });
  }

  const work = createPeriodicWork({
    step: async () => (await notifyDue()) === BACK_IN_STOCK_BATCH_SIZE,
    name: 'back-in-stock notifier',
    log,
  });

  return {
    notifyDue,
    start: (intervalMs = DEFAULT_INTERVAL_MS) => work.start(intervalMs),
    nudge: work.nudge,
    stop: work.stop,
  };
}
