// A real SMTP server standing in for the shop's mail provider: every message it accepts is kept
// as one JSON file, so tests (in any process) and people can read what the instances sent.
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

/**
 * @param {{ port: number, dir: string }} options
 * @returns {Promise<{ url: string, dir: string, stop(): Promise<void> }>}
 */
export async function startSmtpSink({ port, dir }) {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        const raw = Buffer.concat(chunks).toString('utf8');
        const message = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
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
