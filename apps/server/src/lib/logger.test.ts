import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { ACCESS_LINE_MESSAGE } from '../plugins/request-log.ts';
import { chooseLogFormat, createLogOutput, LOG_BUFFER_BYTES, type LogOutput } from './logger.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'shopper-logger-'));
let files = 0;
const nextFile = () => path.join(dir, `log-${(files += 1)}.txt`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const production = readConfig({
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-of-at-least-32-chars',
  ALLOW_TEST_PAYMENTS: 'true',
});
const development = readConfig({ NODE_ENV: 'development' });
const demo = readConfig({ NODE_ENV: 'development', DEMO: 'true' });

async function opened(output: LogOutput): Promise<LogOutput> {
  await once(output.destination, 'ready');
  return output;
}

const linesOf = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean);

describe('the log format', () => {
  it('is JSON in production, even on a terminal and on a demo-less start', () => {
    expect(chooseLogFormat(production, true)).toBe('json');
    expect(chooseLogFormat(production, false)).toBe('json');
  });

  it('is human-readable outside production only on a terminal, the demo included', () => {
    expect(chooseLogFormat(development, true)).toBe('pretty');
    expect(chooseLogFormat(demo, true)).toBe('pretty');
    expect(chooseLogFormat(demo, false)).toBe('json');
    expect(chooseLogFormat(development, false)).toBe('json');
  });

  it('is what LOG_PRETTY says when it is set, production included', () => {
    expect(chooseLogFormat(readConfig({ NODE_ENV: 'development', DEMO: 'true', LOG_PRETTY: 'false' }), true)).toBe(
      'json',
    );
    expect(chooseLogFormat({ ...production, logPretty: true }, false)).toBe('pretty');
    expect(() => readConfig({ LOG_PRETTY: 'yes' })).toThrow('LOG_PRETTY must be true or false');
  });

  it('looks at standard output only: a log written to a file is not shown on a terminal', () => {
    expect(createLogOutput(development, { dest: nextFile(), stdoutIsTty: true }).format).toBe('json');
  });
});

describe('the production log destination', () => {
  it('is asynchronous and buffered: lines wait in memory until a few kilobytes have gathered', async () => {
    const file = nextFile();
    const output = await opened(createLogOutput(production, { dest: file, stdoutIsTty: false }));
    expect(output.format).toBe('json');
    // SonicBoom's settings, which its types do not list.
    expect(output.destination).toMatchObject({ sync: false, minLength: LOG_BUFFER_BYTES });

    const logger = pino({ base: undefined }, output.stream);
    logger.info('first');
    logger.info('second');
    // Nothing was written yet: the request path did not wait for the file.
    expect(readFileSync(file, 'utf8')).toBe('');
    output.flushSync();
    expect(linesOf(file).map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['first', 'second']);
  });

  it('flush() resolves once every line logged so far is in the file', async () => {
    const file = nextFile();
    const output = await opened(createLogOutput(production, { dest: file }));
    const logger = pino({ base: undefined }, output.stream);
    for (let index = 0; index < 100; index += 1) logger.info({ index }, 'line');
    await output.flush();
    expect(linesOf(file)).toHaveLength(100);
  });
});

describe('a process that ends abruptly', () => {
  const fixture = fileURLToPath(new URL('../test/log-crash-fixture.ts', import.meta.url));

  it.each([
    ['process.exit()', 'exit', 3],
    ['an uncaught exception', 'throw', 1],
  ])('by %s still writes every line it had logged', (_name, ending, code) => {
    const file = nextFile();
    const run = spawnSync(process.execPath, ['--import', 'tsx', fixture, file, ending], { encoding: 'utf8' });
    expect(run.status).toBe(code);
    expect(linesOf(file)).toHaveLength(50);
  });
});

describe('the human-readable log', () => {
  it('shows an access line as method, path, status and time, and other lines with their fields', async () => {
    const file = nextFile();
    const output = createLogOutput({ ...demo, logPretty: true }, { dest: file });
    expect(output.format).toBe('pretty');
    const logger = pino({ base: { pid: 1, instance: 'shop-a' } }, output.stream);
    logger
      .child({ reqId: 'b1c2' })
      .info({ method: 'GET', url: '/api/products/all-products?page=1', statusCode: 200, ms: 3 }, ACCESS_LINE_MESSAGE);
    logger
      .child({ reqId: 'b1c3' })
      .info({ method: 'POST', url: '/api/cart', statusCode: 404, ms: 1 }, ACCESS_LINE_MESSAGE);
    logger.info({ products: 54 }, 'seeded the demo catalog');
    logger.info({ database: 'embedded' }, 'The demo is ready.\n  Shop: http://localhost:3000');
    await output.flush();

    const lines = linesOf(file);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/api\/products\/all-products\?page=1 200 3 ms$/);
    expect(lines[1]).toMatch(/INFO: POST \/api\/cart 404 1 ms$/);
    expect(lines[2]).toMatch(/INFO: seeded the demo catalog \{"products":54\}$/);
    // A message written for people says it all: its fields are left to the JSON log.
    expect(lines[3]).toMatch(/INFO: The demo is ready\.$/);
    expect(lines[4]).toBe('  Shop: http://localhost:3000');
    expect(lines.join('\n')).not.toContain('shop-a');
    // A file is no terminal: no colour codes.
    expect(lines.join('\n')).not.toContain('\u001b[');
  });
});
