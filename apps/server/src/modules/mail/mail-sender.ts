import { SpanKind } from '@opentelemetry/api';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { createPeriodicWork } from '../../lib/periodic-work.ts';
import { inSpan } from '../../telemetry/spans.ts';

/** What the sender needs from nodemailer; tests may pass their own. */
export type MailTransport = {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    headers: Record<string, string>;
  }): Promise<unknown>;
  close?(): void;
};

export type DeliveryCounts = { sent: number; failed: number; kept: number };

export type MailSender = {
  /** Delivers one bounded batch of due mail; safe to run from several instances at once. */
  deliverDue(): Promise<DeliveryCounts>;
  /** Runs `deliverDue` every `intervalMs` (default MAIL_SEND_EVERY_SECONDS) in the background until `stop()`. */
  start(intervalMs?: number): void;
  /** Asks a started sender for a run soon, e.g. right after a mail was enqueued. */
  nudge(): void;
  /** Stops the timer and waits for a run in progress; call before closing the database. */
  stop(): Promise<void>;
};

export const MAIL_BATCH_SIZE = 20;
export const MAX_MAIL_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
const DEFAULT_INTERVAL_MS = 5_000;
/**
 * A claimed row is hidden from other instances this long. It must outlast a whole batch of sends
 * (20 × the SMTP time-outs below); a mail is only sent twice if an instance stalls beyond it.
 */
const CLAIM_LEASE_MS = 15 * 60_000;
/** Waits between tries to record a delivery while the database is away. */
const SETTLE_FIRST_RETRY_MS = 250;
const SETTLE_MAX_RETRY_MS = 5_000;

/** Wait before attempt `attempts + 1`: 30 s, 1 min, 2 min … (from `firstMs`) capped at an hour. */
export function retryDelayMs(attempts: number, firstMs = FIRST_RETRY_MS): number {
  return Math.min(firstMs * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_MS);
}

function smtpTransport(smtpUrl: string): MailTransport {
  // nodemailer's defaults wait up to 10 minutes on a silent socket; a stuck server must not hold a batch.
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

function describeError(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

export function createMailSender({
  db,
  config,
  log,
  clock = () => new Date(),
  transport,
}: {
  db: Database;
  config: Pick<Config, 'smtpUrl' | 'mailFrom'> &
    Partial<Pick<Config, 'mailSendEverySeconds' | 'mailRetryAfterSeconds'>>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  clock?: () => Date;
  transport?: MailTransport;
}): MailSender {
  const ownsTransport = !transport && config.smtpUrl !== undefined;
  const firstRetryMs =
    config.mailRetryAfterSeconds === undefined ? FIRST_RETRY_MS : config.mailRetryAfterSeconds * 1000;
  const defaultIntervalMs =
    config.mailSendEverySeconds === undefined ? DEFAULT_INTERVAL_MS : config.mailSendEverySeconds * 1000;
  const mailer = transport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl) : undefined);

  /** Due rows, oldest first, locked so a concurrent instance skips them instead of waiting. */
  function dueIds(now: Date) {
    return db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.createdAt))
      .limit(MAIL_BATCH_SIZE)
      .for('update', { skipLocked: true });
  }

  async function keepDue(now: Date): Promise<DeliveryCounts & { claimed: number }> {
    const kept = await db
      .update(mailOutbox)
      .set({ status: 'kept' })
      .where(inArray(mailOutbox.id, dueIds(now)))
      .returning({ id: mailOutbox.id });
    return { sent: 0, failed: 0, kept: kept.length, claimed: kept.length };
  }

  /**
   * Writes down what became of a claimed mail, again and again while the database is away (a
   * restart): until the lease ends no other run takes the mail, so the record can wait for the
   * database, where giving up would leave a delivered mail to be sent again and the rest of the
   * batch held for the whole lease. Given up on stopping, or before the lease runs out.
   */
  async function settle(leaseUntil: Date, write: () => Promise<unknown>): Promise<void> {
    for (let waitMs = SETTLE_FIRST_RETRY_MS; ; waitMs = Math.min(waitMs * 2, SETTLE_MAX_RETRY_MS)) {
      try {
        await write();
        return;
      } catch (error) {
        if (work.isStopped() || clock().getTime() + waitMs >= leaseUntil.getTime()) throw error;
        log.warn({ err: describeError(error), retryInMs: waitMs }, 'could not record a mail delivery; trying again');
        await new Promise((resolve) => setTimeout(resolve, waitMs));
      }
    }
  }

  async function sendDue(smtp: MailTransport, now: Date): Promise<DeliveryCounts & { claimed: number }> {
    // Claim in one statement and commit at once: sending happens outside any transaction, so a
    // slow SMTP server never holds row locks or (on PGlite) the only database connection.
    const leaseUntil = new Date(now.getTime() + CLAIM_LEASE_MS);
    const claimed = await db
      .update(mailOutbox)
      .set({ nextAttemptAt: leaseUntil })
      .where(inArray(mailOutbox.id, dueIds(now)))
      .returning();
    claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

    const counts = { sent: 0, failed: 0, kept: 0, claimed: claimed.length };
    for (const mail of claimed) {
      // Only the holder of this lease may settle the row.
      const stillOurs = and(
        eq(mailOutbox.id, mail.id),
        eq(mailOutbox.status, 'pending'),
        eq(mailOutbox.nextAttemptAt, leaseUntil),
      );
      let failure: { error: unknown } | undefined;
      try {
        const attributes = { 'mail.id': mail.id, 'mail.attempt': mail.attempts + 1 };
        await inSpan('smtp.send', { kind: SpanKind.CLIENT, attributes }, () =>
          smtp.sendMail({
            from: config.mailFrom,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            headers: mail.headers,
          }),
        );
      } catch (error) {
        failure = { error };
      }
      // Apart from the send: a mail the server took must never be counted as refused (and sent
      // again) because the database was away when it was to be marked sent.
      if (!failure) {
        await settle(leaseUntil, () =>
          db.update(mailOutbox).set({ status: 'sent', sentAt: clock(), lastError: null }).where(stillOurs),
        );
        counts.sent += 1;
      } else {
        const attempts = mail.attempts + 1;
        const lastError = describeError(failure.error);
        const isFinal = attempts >= MAX_MAIL_ATTEMPTS;
        const nextAttemptAt = new Date(clock().getTime() + retryDelayMs(attempts, firstRetryMs));
        await settle(leaseUntil, () =>
          db
            .update(mailOutbox)
            .set(isFinal ? { status: 'failed', attempts, lastError } : { attempts, lastError, nextAttemptAt })
            .where(stillOurs),
        );
        if (isFinal) counts.failed += 1;
        log.warn(
          { mailId: mail.id, attempts, err: lastError, ...(isFinal ? {} : { nextAttemptAt }) },
          isFinal ? 'mail delivery failed for good' : 'mail delivery failed; will retry',
        );
      }
    }
    return counts;
  }

  /** Each batch is a trace of its own: the claim, every SMTP conversation and the rows settled. */
  function runBatch(): Promise<DeliveryCounts & { claimed: number }> {
    return inSpan('mail.outbox.run', { root: true }, async (span) => {
      const now = clock();
      const counts = mailer ? await sendDue(mailer, now) : await keepDue(now);
      span.setAttributes({ 'mail.claimed': counts.claimed, 'mail.sent': counts.sent, 'mail.failed': counts.failed });
      return counts;
    });
  }

  async function deliverDue(): Promise<DeliveryCounts> {
    const { sent, failed, kept } = await runBatch();
    return { sent, failed, kept };
  }

  const work = createPeriodicWork({
    // A full batch means more may be due: go on at once rather than wait for the next tick.
    step: async () => (await runBatch()).claimed === MAIL_BATCH_SIZE,
    name: 'mail sender',
    log,
  });

  return {
    deliverDue,
    start(intervalMs = defaultIntervalMs) {
      work.start(intervalMs);
    },
    nudge: work.nudge,
    async stop() {
      await work.stop();
      if (ownsTransport) mailer?.close?.();
    },
  };
}
