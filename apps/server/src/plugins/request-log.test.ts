import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import { createLogOutput } from '../lib/logger.ts';
import { openTestDatabase, RELAXED_RATE_LIMITS } from '../test/test-app.ts';
import { ACCESS_LINE_MESSAGE } from './request-log.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'shopper-access-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Line = Record<string, unknown>;

describe('the access log', () => {
  it('writes one line per request with what operators need, every one of them out after a graceful close', async () => {
    const file = path.join(dir, 'access.log');
    // The production settings: JSON lines into the buffered, asynchronous destination.
    const config = readConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      ALLOW_TEST_PAYMENTS: 'true',
      DATA_DIR: '/nonexistent',
      INSTANCE_NAME: 'shop-under-test',
    });
    const logOutput = createLogOutput(config, { dest: file });
    const database = await openTestDatabase();
    const app = await buildApp({ config, database, logOutput, rateLimits: { limits: RELAXED_RATE_LIMITS } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    // Enough lines for several buffered writes and a tail that only the close writes out.
    const paths = Array.from({ length: 150 }, (_, index) =>
      index % 3 === 0 ? '/api/health' : index % 3 === 1 ? '/api/products/all-products?page=1&limit=2' : '/api/nope',
    );
    const requestIds: string[] = [];
    for (let start = 0; start < paths.length; start += 10) {
      const answers = await Promise.all(paths.slice(start, start + 10).map((url) => fetch(`${base}${url}`)));
      for (const answer of answers) {
        requestIds.push(answer.headers.get('x-request-id') ?? '');
        await answer.arrayBuffer();
      }
    }
    await app.close();
    await logOutput.flush();
    await database.close();

    const lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Line);
    const access = lines.filter((line) => line.msg === ACCESS_LINE_MESSAGE);
    expect(access).toHaveLength(paths.length);
    expect(new Set(access.map((line) => line.reqId))).toEqual(new Set(requestIds));
    expect(access.map((line) => line.url).sort()).toEqual([...paths].sort());
    const notFound = access.find((line) => line.url === '/api/nope');
    expect(notFound).toMatchObject({ level: 30, method: 'GET', statusCode: 404, instance: 'shop-under-test' });
    for (const line of access) {
      expect(Object.keys(line).sort()).toEqual(
        ['instance', 'level', 'method', 'ms', 'msg', 'pid', 'reqId', 'statusCode', 'time', 'url'].sort(),
      );
      expect(typeof line.ms).toBe('number');
    }
  });
});
