import { isatty } from 'node:tty';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import { isColorSupported, prettyFactory } from 'pino-pretty';
import type { Config } from '../config.ts';
import { ACCESS_LINE_MESSAGE } from '../plugins/request-log.ts';
import { serializeError } from './log-errors.ts';

/** Lines for programs (JSON) or for a person at a terminal (pino-pretty). */
export type LogFormat = 'json' | 'pretty';

type FormatConfig = Pick<Config, 'isProduction' | 'demo' | 'logPretty'>;

/**
 * LOG_PRETTY decides when set. Otherwise a person is assumed to read the lines outside production
 * on a terminal, and a program everywhere else: standard output sent to a file or a pipe gets
 * JSON, the demo's too, since formatting a line for a person costs as much as the request it is
 * about (docs/decisions/049). Production stays JSON even on a terminal, since what reads its lines
 * there is a log collector more often than not.
 */
export function chooseLogFormat(config: FormatConfig, stdoutIsTty: boolean): LogFormat {
  if (config.logPretty !== undefined) return config.logPretty ? 'pretty' : 'json';
  return !config.isProduction && stdoutIsTty ? 'pretty' : 'json';
}

/**
 * Lines are gathered into writes of at least this many bytes, each one syscall handed to libuv's
 * threads: the request path never waits for the disk or a slow terminal (docs/decisions/040).
 */
export const LOG_BUFFER_BYTES = 4096;
/** A quiet shop's last lines still reach the file, the collector or the terminal within this long. */
export const LOG_FLUSH_EVERY_MS = 250;

export type LogOutput = {
  format: LogFormat;
  /** What pino writes to. */
  stream: DestinationStream;
  /** The buffered file or descriptor writer beneath `stream`. */
  destination: Destination;
  /** Resolves once every line logged so far has been handed to the operating system. */
  flush(): Promise<void>;
  /** The same, synchronously: for the paths that end the process without the event loop. */
  flushSync(): void;
};

type Destination = ReturnType<typeof pino.destination>;

/**
 * Where the log goes: standard output unless `dest` names a file (tests) or a descriptor.
 * pino's own hook writes out what is still buffered when the process exits by any path that
 * emits 'exit' (process.exit, an uncaught exception); main.ts flushes on its graceful stop too.
 */
export function createLogOutput(
  config: FormatConfig,
  { dest = 1, stdoutIsTty = isatty(1) }: { dest?: number | string; stdoutIsTty?: boolean } = {},
): LogOutput {
  const format = chooseLogFormat(config, dest === 1 && stdoutIsTty);
  // Buffer mode: each line is encoded once and its bytes queued. In its default utf8 mode SonicBoom
  // measures the whole pending text at every line (copying it) and encodes each write twice.
  const destination: Destination = pino.destination({
    dest,
    sync: false,
    minLength: LOG_BUFFER_BYTES,
    periodicFlush: LOG_FLUSH_EVERY_MS,
    contentMode: 'buffer',
  });
  const flushSync = () => {
    try {
      destination.flushSync();
    } catch {
      // Not open yet (its lines are written once it is) or no longer writable: a path that is
      // ending the process must not fail on its log.
    }
  };
  // SonicBoom's flush waits for the write in flight, but calls back with up to minLength bytes
  // still buffered if more lines came meanwhile; with nothing in flight any more, those are
  // written synchronously. Its fsync fails on a pipe or a terminal (EINVAL): no failure here,
  // the lines are with the operating system all the same.
  const flush = () =>
    new Promise<void>((resolve) =>
      destination.flush(() => {
        flushSync();
        resolve();
      }),
    );
  const toLines =
    format === 'json'
      ? (line: string) => line
      : prettyLines({ colorize: dest === 1 && stdoutIsTty && isColorSupported });
  // SonicBoom in buffer mode takes bytes; its types know only strings.
  const writeBytes = destination.write.bind(destination) as unknown as (bytes: Buffer) => boolean;
  const stream = { write: (line: string) => writeBytes(Buffer.from(toLines(line))) };
  return { format, stream, destination, flush, flushSync };
}

/**
 * pino-pretty's formatter run in this thread rather than as a worker transport, so the lines go
 * through the same buffered destination and flush the same way (a worker's lines are beyond
 * flushSync). Access lines, nearly every line, are formatted here in pino-pretty's layout:
 * pino-pretty takes tens of microseconds a line, as long as the request the line is about.
 * A message written over several lines for people (the start-up message) says everything itself
 * and is shown without its fields.
 */
function prettyLines({ colorize }: { colorize: boolean }): (line: string) => string {
  const pretty = prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,instance,reqId',
    singleLine: true,
  });
  const paint = (code: number, text: string) => (colorize ? `\u001b[${code}m${text}\u001b[39m` : text);
  const info = paint(32, 'INFO');
  return (line) => {
    const log = JSON.parse(line) as Record<string, unknown>;
    const { level, time, msg, err } = log;
    if (msg === ACCESS_LINE_MESSAGE && level === 30 && typeof time === 'number') {
      const status = Number(log.statusCode);
      const statusText =
        status >= 500 ? paint(31, String(status)) : status >= 400 ? paint(33, String(status)) : String(status);
      return `[${clockTime(time)}] ${info}: ${paint(36, `${String(log.method)} ${String(log.url)}`)} ${statusText} ${String(log.ms)} ms\n`;
    }
    if (typeof msg === 'string' && msg.includes('\n')) return pretty({ level, time, msg, err });
    return pretty(log);
  };
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** HH:MM:ss.l in local time, as pino-pretty's `SYS:HH:MM:ss.l` shows it. */
function clockTime(epochMs: number): string {
  const date = new Date(epochMs);
  return `${pad(date.getHours(), 2)}:${pad(date.getMinutes(), 2)}:${pad(date.getSeconds(), 2)}.${pad(date.getMilliseconds(), 3)}`;
}

/** The logger's settings besides its destination; `instance` tells instances apart behind a balancer. */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'instanceName'>): LoggerOptions {
  return {
    level: config.logLevel,
    // The pid still tells restarts of one instance apart.
    base: { pid: process.pid, instance: config.instanceName },
    redact: ['req.headers.authorization', 'req.headers["auth-token"]', 'req.headers.cookie'],
    // A failed statement is logged without its parameters' values (decision 044).
    serializers: { err: serializeError },
  };
}
