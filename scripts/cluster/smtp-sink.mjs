// A real SMTP server standing in for the shop's mail provider: every message it accepts is kept
// as one JSON file, so tests (in any process) and people can read what the instances sent. A test
// can make it refuse mail for a while, as a provider having trouble does, and read every attempt.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** Undoes quoted-printable (the text parts nodemailer sends with long lines). */
export function decodeQuotedPrintable(text) {
  return text.replace(/=\r?\n/g, '').replace(/((?:=[0-9A-F]{2})+)/gi, (run) =>
    Buffer.from(
      run
        .split('=')
        .slice(1)
        .map((hex) => parseInt(hex, 16)),
    ).toString('utf8'),
  );
}

/** A temporary failure: a sender must keep the mail and try again later (RFC 5321 4yz). */
function temporaryFailure(stage) {
  const error = /** @type {Error & { responseCode?: number }} */ (
    new Error(`4.3.0 Mail system busy (refused at ${stage}), try again later`)
  );
  error.responseCode = 451;
  return error;
}

/**
 * @typedef {{ at: number, to: string[], outcome: 'accepted' | 'refused' }} SinkAttempt
 *   one delivery attempt as the sink saw it: at (epoch ms), the recipients, and what it answered
 */

/**
 * @param {{ port: number, dir: string }} options
 * @returns {Promise<{
 *   url: string,
 *   dir: string,
 *   attempts: SinkAttempt[],
 *   refuse(stage: 'rcpt' | 'data' | undefined): void,
 *   stop(): Promise<void>,
 * }>}
 *   refuse: answers 451 from now on at RCPT TO (the recipient) or at the end of DATA (after the
 *   whole message came), or accepts again (undefined)
 */
export async function startSmtpSink({ port, dir }) {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  /** @type {'rcpt' | 'data' | undefined} */
  let refusing;
  /** @type {SinkAttempt[]} */
  const attempts = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refusing !== 'rcpt') return callback();
      attempts.push({ at: Date.now(), to: [address.address], outcome: 'refused' });
      return callback(temporaryFailure('RCPT TO'));
    },
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        if (refusing === 'data') {
          attempts.push({ at: Date.now(), to, outcome: 'refused' });
          return callback(temporaryFailure('DATA'));
        }
        attempts.push({ at: Date.now(), to, outcome: 'accepted' });
        count += 1;
        const raw = Buffer.concat(chunks).toString('utf8');
        const message = {
          to,
          receivedAt: new Date().toISOString(),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '',
          body: decodeQuotedPrintable(raw),
        };
        const file = `${String(Date.now()).padStart(14, '0')}-${String(count).padStart(6, '0')}.json`;
        writeFileSync(path.join(dir, file), JSON.stringify(message));
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    attempts,
    refuse(stage) {
      refusing = stage;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/** Every message the sink has stored, oldest first. */
export function readSinkMessages(dir) {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')));
}
