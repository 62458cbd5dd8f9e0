import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from './db/schema.ts';
import { enqueueMail } from './modules/mail/index.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

/** An SMTP server of the test's own that keeps the recipients of each message it accepts. */
async function startSmtpSink() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((to) => to.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

async function sweepRuns(t: TestApp): Promise<number> {
  const answer = await t.app.inject({ method: 'GET', url: '/metrics' });
  return Number(/^shopper_payment_sweep_duration_seconds_count (\d+)$/m.exec(answer.body)?.[1] ?? Number.NaN);
}

const mail = { to: 'someone@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' };

describe('the background work of a server that listens', () => {
  let t: TestApp | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  afterEach(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('starts the mail sender and the payment sweep once the port is open, not before', async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(
      { SMTP_URL: smtp.url, MAIL_SEND_EVERY_SECONDS: '0.1', PAYMENT_SWEEP_EVERY_SECONDS: '1' },
      { runsScheduledWork: true },
    );
    const { db } = t.database;
    await enqueueMail(db, mail);
    // Built and ready, not yet listening: nothing has run.
    expect((await db.select({ status: mailOutbox.status }).from(mailOutbox)).map((row) => row.status)).toEqual([
      'pending',
    ]);
    expect(await sweepRuns(t)).toBe(0);

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await vi.waitFor(() => expect(smtp?.received).toEqual([mail.to]), { timeout: 10_000 });
    await vi.waitFor(async () => expect(await sweepRuns(t as TestApp)).toBeGreaterThan(0), { timeout: 10_000 });
    const [sent] = await db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.to, mail.to));
    expect(sent?.status).toBe('sent');

    await t.close();
    t = undefined;
  });
});
