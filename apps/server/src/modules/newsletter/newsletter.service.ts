import { NEWSLETTER_MESSAGES } from '@shopper/contract';
import { asc, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newsletterSubscriptions } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, newOpaqueToken } from '../../lib/opaque-tokens.ts';
import { enqueueMail } from '../mail/index.ts';
import {
  type NewsletterLinks,
  newsletterAlreadySubscribedMail,
  newsletterConfirmMail,
  newsletterWelcomeMail,
} from './newsletter-mail.ts';

export const CONFIRM_LINK_TTL_MS = 48 * 60 * 60_000;

export type ConfirmedSubscriber = { email: string; confirmedAt: Date };
export type NewsletterService = ReturnType<typeof createNewsletterService>;

/** Double opt-in newsletter subscriptions (decision 017). */
export function createNewsletterService({
  db,
  config,
  clock,
}: {
  db: Database;
  config: Pick<Config, 'publicUrl'>;
  clock: () => Date;
}) {
  function linksFor(confirmToken: string, unsubscribeToken: string): NewsletterLinks {
    const unsubscribe = `token=${encodeURIComponent(unsubscribeToken)}`;
    return {
      confirm: `${config.publicUrl}/newsletter/confirm?token=${encodeURIComponent(confirmToken)}`,
      unsubscribePage: `${config.publicUrl}/newsletter/unsubscribe?${unsubscribe}`,
      unsubscribeEndpoint: `${config.publicUrl}/api/newsletter/unsubscribe?${unsubscribe}`,
    };
  }

  /**
   * Every outcome mails the address and nothing else, so the caller answers the same whether the
   * address was new, pending, unsubscribed or already subscribed: the form reveals no subscriber.
   */
  async function subscribe(email: string): Promise<void> {
    const now = clock();
    const confirmToken = newOpaqueToken();
    const confirmTokenHash = hashToken(confirmToken);
    const confirmExpiresAt = new Date(now.getTime() + CONFIRM_LINK_TTL_MS);
    await db.transaction(async (tx) => {
      // Insert-or-lock, so two forms sent at once for one address make one row.
      await tx
        .insert(newsletterSubscriptions)
        .values({ email, confirmTokenHash, confirmExpiresAt, unsubscribeToken: newOpaqueToken(), createdAt: now })
        .onConflictDoNothing({ target: newsletterSubscriptions.email });
      const [row] = await tx
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, email))
        .for('update');
      if (!row) throw new Error('newsletter subscription vanished inside its transaction');
      const links = linksFor(confirmToken, row.unsubscribeToken);
      if (row.status === 'confirmed') {
        await enqueueMail(tx, newsletterAlreadySubscribedMail({ to: email, links }));
        return;
      }
      if (row.confirmTokenHash !== confirmTokenHash) {
        // Pending or unsubscribed: a fresh link replaces the old one.
        await tx
          .update(newsletterSubscriptions)
          .set({ status: 'pending', confirmTokenHash, confirmExpiresAt })
          .where(eq(newsletterSubscriptions.id, row.id));
      }
      await enqueueMail(tx, newsletterConfirmMail({ to: email, links }));
    });
  }

  /** The confirmation link: pending → confirmed, and the welcome mail. A second click is fine too. */
  async function confirm(token: string): Promise<void> {
    const now = clock();
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.confirmTokenHash, hashToken(token)))
        .for('update');
      if (row?.status === 'confirmed') return;
      // An unsubscribed address must subscribe again: an old link does not undo an unsubscribe.
      if (!row || row.status !== 'pending' || row.confirmExpiresAt <= now) {
        throw new AppError('VALIDATION_FAILED', NEWSLETTER_MESSAGES.confirmLinkInvalid);
      }
      await tx
        .update(newsletterSubscriptions)
        .set({ status: 'confirmed', confirmedAt: now, unsubscribedAt: null })
        .where(eq(newsletterSubscriptions.id, row.id));
      await enqueueMail(tx, newsletterWelcomeMail({ to: row.email, links: linksFor(token, row.unsubscribeToken) }));
    });
  }

  /** One click, from the mail's link or the mail client's button; unsubscribing twice is not an error. */
  async function unsubscribe(token: string): Promise<void> {
    const [row] = await db
      .select({ id: newsletterSubscriptions.id, status: newsletterSubscriptions.status })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.unsubscribeToken, token))
      .limit(1);
    if (!row) throw new AppError('VALIDATION_FAILED', NEWSLETTER_MESSAGES.unsubscribeLinkInvalid);
    if (row.status === 'unsubscribed') return;
    await db
      .update(newsletterSubscriptions)
      .set({ status: 'unsubscribed', unsubscribedAt: clock() })
      .where(eq(newsletterSubscriptions.id, row.id));
  }

  /** Who may be mailed: confirmed subscribers, oldest first (for the owner's export). */
  async function listConfirmed(): Promise<ConfirmedSubscriber[]> {
    const rows = await db
      .select({ email: newsletterSubscriptions.email, confirmedAt: newsletterSubscriptions.confirmedAt })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.status, 'confirmed'))
      .orderBy(asc(newsletterSubscriptions.confirmedAt), asc(newsletterSubscriptions.email));
    return rows.flatMap((row) => (row.confirmedAt ? [{ email: row.email, confirmedAt: row.confirmedAt }] : []));
  }

  return { subscribe, confirm, unsubscribe, listConfirmed };
}
