import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { enqueueMail } from './mail-outbox.ts';
import { createMailSender, MAX_MAIL_ATTEMPTS, retryDelayMs, type MailTransport } from './mail-sender.ts';
import { verificationMail } from './mail-templates.ts';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on loopback; `rejectRecipients` makes it refuse every RCPT TO. */
async function startSmtpServer({ rejectRecipients = false } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (rejectRecipients) callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push({
          from,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable soft breaks and escapes, so links can be searched for in the raw message. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const silentLog = () => ({ warn: vi.fn(), error: vi.fn() });
const link = 'http://shop.test/verify-email?token=abc123';

let database: DatabaseHandle;
let now: Date;
const clock = () => now;

async function rows() {
  return database.db.select().from(mailOutbox);
}

async function enqueueVerification(to = 'ada@example.com') {
  await enqueueMail(database.db, verificationMail({ to, name: 'Ada', link }));
}

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

beforeEach(async () => {
  await database.db.delete(mailOutbox);
  // A little ahead of the database clock, so mail just enqueued is due.
  now = new Date(Date.now() + 1_000);
});

describe('without SMTP', () => {
  it('keeps due mail for the dev mailbox', async () => {
    await enqueueVerification();
    await enqueueVerification('grace@example.com');
    const sender = createMailSender({
      db: database.db,
      config: { smtpUrl: undefined, mailFrom: 'x@y.z' },
      log: silentLog(),
      clock,
    });

    expect(await sender.deliverDue()).toEqual({ sent: 0, failed: 0, kept: 2 });
    expect((await rows()).map((r) => r.status)).toEqual(['kept', 'kept']);
    expect(await sender.deliverDue()).toEqual({ sent: 0, failed: 0, kept: 0 });
  });

  it('leaves mail that is not due yet', async () => {
    await enqueueVerification();
    now = new Date(Date.now() - 60_000);
    const sender = createMailSender({
      db: database.db,
      config: { smtpUrl: undefined, mailFrom: 'x@y.z' },
      log: silentLog(),
      clock,
    });

    expect(await sender.deliverDue()).toEqual({ sent: 0, failed: 0, kept: 0 });
    expect((await rows())[0]?.status).toBe('pending');
  });

  it('handles a bounded batch per run, oldest first', async () => {
    const base = Date.now() - 10_000;
    await database.db.insert(mailOutbox).values(
      Array.from({ length: 25 }, (_, i) => ({
        to: `user${i}@example.com`,
        subject: 's',
        text: 't',
        html: 'h',
        createdAt: new Date(base + i),
        nextAttemptAt: new Date(base + i),
      })),
    );
    const sender = createMailSender({
      db: database.db,
      config: { smtpUrl: undefined, mailFrom: 'x@y.z' },
      log: silentLog(),
      clock,
    });

    expect((await sender.deliverDue()).kept).toBe(20);
    const pending = (await rows()).filter((r) => r.status === 'pending').map((r) => r.to);
    expect(pending.sort()).toEqual([
      'user20@example.com',
      'user21@example.com',
      'user22@example.com',
      'user23@example.com',
      'user24@example.com',
    ]);
    expect((await sender.deliverDue()).kept).toBe(5);
  });
});

describe('through SMTP', () => {
  it('delivers to a real SMTP server with text and HTML parts', async () => {
    const smtp = await startSmtpServer();
    try {
      await enqueueVerification();
      const sender = createMailSender({
        db: database.db,
        config: { smtpUrl: smtp.url, mailFrom: 'SHOPPER <no-reply@shopper.test>' },
        log: silentLog(),
        clock,
      });

      expect(await sender.deliverDue()).toEqual({ sent: 1, failed: 0, kept: 0 });
      await sender.stop();

      expect(smtp.received).toHaveLength(1);
      const [message] = smtp.received;
      expect(message?.from).toBe('no-reply@shopper.test');
      expect(message?.to).toEqual(['ada@example.com']);
      const raw = decodeQuotedPrintable(message?.raw ?? '');
      expect(raw).toMatch(/^To: ada@example\.com\r?$/m);
      expect(raw).toMatch(/^Subject: Verify your email for SHOPPER\r?$/m);
      expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
      expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8/m);
      expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8/m);
      expect(raw.split(link).length - 1).toBeGreaterThanOrEqual(2);

      const [row] = await rows();
      expect(row).toMatchObject({ status: 'sent', attempts: 0, lastError: null });
      expect(row?.sentAt).toEqual(now);
    } finally {
      await smtp.close();
    }
  });

  it('retries with backoff when the server refuses, then gives up', async () => {
    const smtp = await startSmtpServer({ rejectRecipients: true });
    try {
      await enqueueVerification();
      const log = silentLog();
      const sender = createMailSender({
        db: database.db,
        config: { smtpUrl: smtp.url, mailFrom: 'x@shopper.test' },
        log,
        clock,
      });

      expect(await sender.deliverDue()).toEqual({ sent: 0, failed: 0, kept: 0 });
      let [row] = await rows();
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row?.lastError).toMatch(/Mailbox unavailable|rejected/);
      expect(row?.nextAttemptAt).toEqual(new Date(now.getTime() + retryDelayMs(1)));
      expect(log.warn).toHaveBeenCalledTimes(1);

      // Not due again until the backoff has passed.
      expect(await sender.deliverDue()).toEqual({ sent: 0, failed: 0, kept: 0 });
      expect((await rows())[0]?.attempts).toBe(1);

      for (let attempt = 2; attempt <= MAX_MAIL_ATTEMPTS; attempt++) {
        now = new Date(now.getTime() + retryDelayMs(attempt - 1));
        const counts = await sender.deliverDue();
        expect(counts.failed).toBe(attempt === MAX_MAIL_ATTEMPTS ? 1 : 0);
      }
      [row] = await rows();
      expect(row).toMatchObject({ status: 'failed', attempts: MAX_MAIL_ATTEMPTS, sentAt: null });
      expect(smtp.received).toHaveLength(0);

      now = new Date(now.getTime() + 24 * 60 * 60_000);
      expect(await sender.deliverDue()).toEqual({ sent: 0, failed: 0, kept: 0 });
      await sender.stop();
    } finally {
      await smtp.close();
    }
  });

  it('retries when no server listens', async () => {
    const smtp = await startSmtpServer();
    const closedUrl = smtp.url;
    await smtp.close();
    await enqueueVerification();
    const sender = createMailSender({
      db: database.db,
      config: { smtpUrl: closedUrl, mailFrom: 'x@shopper.test' },
      log: silentLog(),
      clock,
    });

    expect(await sender.deliverDue()).toEqual({ sent: 0, failed: 0, kept: 0 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
    await sender.stop();
  });

  it('backs off exponentially, capped at an hour', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(60 * 60_000);
    expect([1, 2, 3].map((attempts) => retryDelayMs(attempts, 1_000))).toEqual([1_000, 2_000, 4_000]);
  });

  it('waits MAIL_RETRY_AFTER_SECONDS before the first retry', async () => {
    const smtp = await startSmtpServer({ rejectRecipients: true });
    try {
      await enqueueVerification();
      const sender = createMailSender({
        db: database.db,
        config: { smtpUrl: smtp.url, mailFrom: 'x@shopper.test', mailRetryAfterSeconds: 1.5 },
        log: silentLog(),
        clock,
      });
      await sender.deliverDue();
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row?.nextAttemptAt).toEqual(new Date(now.getTime() + 1_500));
      await sender.stop();
    } finally {
      await smtp.close();
    }
  });

  it('one failing mail does not hold back the others', async () => {
    await enqueueVerification('bounce@example.com');
    await enqueueVerification('ada@example.com');
    const sent: string[] = [];
    const transport: MailTransport = {
      sendMail: async (message) => {
        if (message.to.startsWith('bounce')) throw new Error('boom');
        sent.push(message.to);
      },
    };
    const sender = createMailSender({
      db: database.db,
      config: { smtpUrl: undefined, mailFrom: 'x@y.z' },
      log: silentLog(),
      clock,
      transport,
    });

    expect(await sender.deliverDue()).toEqual({ sent: 1, failed: 0, kept: 0 });
    expect(sent).toEqual(['ada@example.com']);
    const byTo = Object.fromEntries((await rows()).map((r) => [r.to, r]));
    expect(byTo['bounce@example.com']).toMatchObject({ status: 'pending', attempts: 1, lastError: 'boom' });
    expect(byTo['ada@example.com']?.status).toBe('sent');
  });
});

describe('headers', () => {
  it('hands a mail’s extra headers (List-Unsubscribe) to the transport', async () => {
    const headers = {
      'List-Unsubscribe': '<https://shop.example/u?token=t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    await database.db
      .insert(mailOutbox)
      .values({ to: 'list@example.com', subject: 's', text: 't', html: 'h', headers });
    const seen: Record<string, string>[] = [];
    const sender = createMailSender({
      db: database.db,
      config: { smtpUrl: undefined, mailFrom: 'x@y.z' },
      log: silentLog(),
      clock,
      transport: {
        sendMail: async (message) => {
          if (message.to === 'list@example.com') seen.push(message.headers);
        },
      },
    });
    await sender.deliverDue();
    expect(seen).toEqual([headers]);
  });
});

describe('several instances', () => {
  it('never send one mail twice', async () => {
    await database.db
      .insert(mailOutbox)
      .values(
        Array.from({ length: 45 }, (_, i) => ({ to: `user${i}@example.com`, subject: 's', text: 't', html: 'h' })),
      );
    const sent: string[] = [];
    const transport: MailTransport = {
      sendMail: async (message) => {
        await new Promise((resolve) => setImmediate(resolve));
        sent.push(message.to);
      },
    };
    const senders = Array.from({ length: 3 }, () =>
      createMailSender({
        db: database.db,
        config: { smtpUrl: undefined, mailFrom: 'x@y.z' },
        log: silentLog(),
        clock,
        transport,
      }),
    );

    let total = 0;
    for (let round = 0; round < 3; round++) {
      const counts = await Promise.all(senders.map((s) => s.deliverDue()));
      total += counts.reduce((sum, c) => sum + c.sent, 0);
    }

    expect(total).toBe(45);
    expect(new Set(sent).size).toBe(45);
    expect(sent).toHaveLength(45);
    expect((await rows()).every((r) => r.status === 'sent')).toBe(true);
  });

  it('a mail the server took is marked sent once the database is back, never refused and sent again', async () => {
    await enqueueVerification('ada@example.com');
    await enqueueVerification('bob@example.com');
    const sent: string[] = [];
    const transport: MailTransport = {
      sendMail: async (message) => {
        sent.push(message.to);
      },
    };
    // The database goes away right after the claim, for the next two writes: the first mail's "sent" mark.
    let updates = 0;
    const flaky = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== 'update') return Reflect.get(target, property, receiver) as unknown;
        return (...args: Parameters<typeof target.update>) => {
          updates += 1;
          if (updates === 2 || updates === 3) throw new Error('terminating connection due to administrator command');
          return target.update(...args);
        };
      },
    });
    const log = silentLog();
    const sender = createMailSender({
      db: flaky,
      config: { smtpUrl: undefined, mailFrom: 'x@y.z' },
      log,
      clock,
      transport,
    });

    expect(await sender.deliverDue()).toEqual({ sent: 2, failed: 0, kept: 0 });
    // Both were due at the same instant, so PostgreSQL may claim them in either order.
    expect(sent.toSorted()).toEqual(['ada@example.com', 'bob@example.com']);
    expect((await rows()).map((row) => ({ status: row.status, attempts: row.attempts }))).toEqual([
      { status: 'sent', attempts: 0 },
      { status: 'sent', attempts: 0 },
    ]);
    expect(log.warn).toHaveBeenCalledTimes(2);
    await sender.stop();
  });
});

describe('in the background', () => {
  it('runs at start, and stop waits for the run in progress', async () => {
    await enqueueVerification();
    const sender = createMailSender({
      db: database.db,
      config: { smtpUrl: undefined, mailFrom: 'x@y.z' },
      log: silentLog(),
      clock,
    });

    sender.start(60_000);
    await sender.stop();

    expect((await rows())[0]?.status).toBe('kept');
  });

  it('a nudge delivers soon after a mail is enqueued; nothing runs after stop', async () => {
    const sender = createMailSender({
      db: database.db,
      config: { smtpUrl: undefined, mailFrom: 'x@y.z' },
      log: silentLog(),
      clock,
    });
    sender.start(60_000);
    await enqueueVerification();
    sender.nudge();
    await vi.waitFor(async () => expect((await rows())[0]?.status).toBe('kept'), { timeout: 5_000, interval: 20 });
    await sender.stop();

    await enqueueVerification('grace@example.com');
    sender.nudge();
    await new Promise((resolve) => setImmediate(resolve));
    const grace = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'grace@example.com'));
    expect(grace[0]?.status).toBe('pending');
  });

  it('logs a failed run instead of throwing, and keeps going', async () => {
    const log = silentLog();
    const broken = createMailSender({
      db: database.db,
      config: { smtpUrl: undefined, mailFrom: 'x@y.z' },
      log,
      clock: () => new Date(Number.NaN),
    });
    broken.start(60_000);
    await broken.stop();
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});
