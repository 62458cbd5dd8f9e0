import { BACK_IN_STOCK_MESSAGES as B, CART_MESSAGES, type BackInStockBody } from '@shopper/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { backInStockRequests, OPEN_BACK_IN_STOCK_STATUSES } from '../../db/after-purchase-schema.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, newOpaqueToken } from '../../lib/opaque-tokens.ts';
import type { CatalogService } from '../catalog/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { linksFor, type UnsubscribeTokens } from './back-in-stock-links.ts';
import { backInStockAlreadyWaitingMail, backInStockConfirmMail } from './back-in-stock-mail.ts';

export const CONFIRM_LINK_TTL_MS = 48 * 60 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** "Linen Shirt (Sage, size M)", or "Linen Shirt (size M)" for a product with one colour. */
export function waitedLabel(name: string, colourName: string | undefined, size: string): string {
  return `${name} (${colourName ? `${colourName}, ` : ''}size ${size})`;
}

/** Who asks: a signed-in shopper (their account's address, no confirmation) or a guest's address. */
export type Asker = { kind: 'account'; userId: string; email: string } | { kind: 'guest'; email: string };

export type BackInStockService = ReturnType<typeof createBackInStockService>;

/** "Notify me when it's back" requests (decision 069); the notifier mails them when stock returns. */
export function createBackInStockService({
  db,
  catalog,
  tokens,
  publicUrl,
  clock,
}: {
  db: Database;
  catalog: Pick<CatalogService, 'getForCart'>;
  tokens: UnsubscribeTokens;
  publicUrl: string;
  clock: () => Date;
}) {
  /** The variant asked for, checked against the catalog: it exists and that size is sold out. */
  async function soldOutVariant(body: Omit<BackInStockBody, 'email'>) {
    const product = UUID.test(body.productId)
      ? (await catalog.getForCart([body.productId])).get(body.productId)
      : undefined;
    if (!product) {
      const msg = CART_MESSAGES.productNotFound;
      throw new AppError('NOT_FOUND', msg, [{ param: 'productId', msg }]);
    }
    const colour = UUID.test(body.colourId) ? product.colours.get(body.colourId) : undefined;
    if (!colour) throw new AppError('NOT_FOUND', B.colourUnknown, [{ param: 'colourId', msg: B.colourUnknown }]);
    const stock = colour.stockBySize.get(body.size);
    if (stock === undefined) {
      throw new AppError('VALIDATION_FAILED', B.sizeUnknown, [{ param: 'size', msg: B.sizeUnknown }]);
    }
    if (stock > 0) throw new AppError('CONFLICT', B.inStockNow, [{ param: 'size', msg: B.inStockNow }]);
    return {
      productId: product.id,
      colourId: colour.id,
      size: body.size,
      label: waitedLabel(product.name, product.hasSeveralColours ? colour.name : undefined, body.size),
    };
  }

  /**
   * A signed-in shopper is on the list at once. A guest is mailed a confirmation link; the answer is
   * the same whether the address was new, pending or already waiting, so the form reveals nothing.
   */
  async function ask(asker: Asker, body: Omit<BackInStockBody, 'email'>): Promise<void> {
    const variant = await soldOutVariant(body);
    const now = clock();
    const { email } = asker;
    const isGuest = asker.kind === 'guest';
    const confirmToken = newOpaqueToken();
    await db.transaction(async (tx) => {
      // Insert-or-lock, so two taps at once for one address and variant make one open request.
      await tx
        .insert(backInStockRequests)
        .values({
          email,
          userId: isGuest ? null : asker.userId,
          productId: variant.productId,
          colourId: variant.colourId,
          size: variant.size,
          status: isGuest ? 'pending' : 'waiting',
          confirmTokenHash: isGuest ? hashToken(confirmToken) : null,
          confirmExpiresAt: isGuest ? new Date(now.getTime() + CONFIRM_LINK_TTL_MS) : null,
          confirmedAt: isGuest ? null : now,
          createdAt: now,
        })
        .onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(backInStockRequests)
        .where(
          and(
            eq(backInStockRequests.email, email),
            eq(backInStockRequests.productId, variant.productId),
            eq(backInStockRequests.colourId, variant.colourId),
            eq(backInStockRequests.size, variant.size),
            inArray(backInStockRequests.status, OPEN_BACK_IN_STOCK_STATUSES),
          ),
        )
        .for('update');
      if (!row) throw new Error('back-in-stock request vanished inside its transaction');
      const links = linksFor(publicUrl, tokens.sign(row.id), confirmToken);
      if (!isGuest) {
        // The account's own address needs no confirmation: a guest's pending request for it is taken up.
        if (row.status === 'pending') {
          await tx
            .update(backInStockRequests)
            .set({ status: 'waiting', userId: asker.userId, confirmTokenHash: null, confirmedAt: now })
            .where(eq(backInStockRequests.id, row.id));
        }
        return;
      }
      if (row.status !== 'pending') {
        await enqueueMail(tx, backInStockAlreadyWaitingMail(email, variant, links));
        return;
      }
      if (row.confirmTokenHash !== hashToken(confirmToken)) {
        await tx
          .update(backInStockRequests)
          .set({
            confirmTokenHash: hashToken(confirmToken),
            confirmExpiresAt: new Date(now.getTime() + CONFIRM_LINK_TTL_MS),
          })
          .where(eq(backInStockRequests.id, row.id));
      }
      await enqueueMail(tx, backInStockConfirmMail(email, variant, links));
    });
  }

  /**
   * The confirmation link: pending → waiting, or straight to due when the size came back before the
   * guest clicked (the trigger only sees stock rise while a request waits). A second click is fine.
   */
  async function confirm(token: string): Promise<void> {
    const now = clock();
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(backInStockRequests)
        .where(eq(backInStockRequests.confirmTokenHash, hashToken(token)))
        .for('update');
      if (row && row.status !== 'pending' && row.status !== 'cancelled') return;
      if (!row || row.status !== 'pending' || !row.confirmExpiresAt || row.confirmExpiresAt <= now) {
        throw new AppError('VALIDATION_FAILED', B.confirmLinkInvalid, [{ param: 'token', msg: B.confirmLinkInvalid }]);
      }
      const product = (await catalog.getForCart([row.productId], tx)).get(row.productId);
      const stock = product?.colours.get(row.colourId)?.stockBySize.get(row.size) ?? 0;
      await tx
        .update(backInStockRequests)
        .set(stock > 0 ? { status: 'due', confirmedAt: now, dueAt: now } : { status: 'waiting', confirmedAt: now })
        .where(eq(backInStockRequests.id, row.id));
    });
  }

  /** One click from any of its mails: every open request of that address is cancelled. Twice is fine. */
  async function unsubscribe(token: string): Promise<void> {
    const requestId = tokens.verify(token);
    const [row] = requestId
      ? await db
          .select({ email: backInStockRequests.email })
          .from(backInStockRequests)
          .where(eq(backInStockRequests.id, requestId))
      : [];
    if (!row) {
      throw new AppError('VALIDATION_FAILED', B.unsubscribeLinkInvalid, [
        { param: 'token', msg: B.unsubscribeLinkInvalid },
      ]);
    }
    await db
      .update(backInStockRequests)
      .set({ status: 'cancelled', confirmTokenHash: null })
      .where(
        and(eq(backInStockRequests.email, row.email), inArray(backInStockRequests.status, OPEN_BACK_IN_STOCK_STATUSES)),
      );
  }

  return { ask, confirm, unsubscribe };
}
