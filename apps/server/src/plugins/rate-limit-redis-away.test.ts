import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../test/account-factory.ts';
import { createTestApp, RELAXED_RATE_LIMITS, type TestApp } from '../test/test-app.ts';

// Its own file: one app per file (one metrics registry per process). Nothing listens on port 1.
const limits = { ...RELAXED_RATE_LIMITS, forgotPasswordPerAccount: { max: 3, windowMs: 60_000 } };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' }, { rateLimits: { limits } });
});
afterAll(async () => {
  await t.close();
});

describe('rate limits with REDIS_URL set and Redis unreachable', () => {
  it('count in memory at once: the limit holds and no request waits for Redis', async () => {
    // By now ioredis has tried to connect a few times and waits longer between tries.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const email = uniqueEmail('away');
    const timings: number[] = [];
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const startedAt = performance.now();
      const response = await t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email } });
      timings.push(performance.now() - startedAt);
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
    // A command sent to the reconnecting client would wait for its next attempts: hundreds of ms.
    expect(Math.max(...timings)).toBeLessThan(250);
  });
});
