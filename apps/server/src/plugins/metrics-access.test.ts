import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// Decision 013: /metrics was public in production.
const METRICS_TOKEN = 'metrics-token-for-the-scraper-0123456789';

let withoutToken: TestApp;
let withToken: TestApp;

beforeAll(async () => {
  withoutToken = await createTestApp({ NODE_ENV: 'production' });
  withToken = await createTestApp({ NODE_ENV: 'production', METRICS_TOKEN });
});
afterAll(async () => {
  await withoutToken.close();
  await withToken.close();
});

describe('GET /metrics in production', () => {
  it('is not served without METRICS_TOKEN', async () => {
    const response = await withoutToken.app.inject('/metrics');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('process_cpu');
  });

  it('answers 401 without the token or with a wrong one, and the metrics with it', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${METRICS_TOKEN}`, `Bearer ${METRICS_TOKEN}x`]) {
      const refused = await withToken.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(refused.statusCode, authorization).toBe(401);
      expect(refused.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      expect(refused.headers['www-authenticate']).toBe('Bearer');
    }
    const allowed = await withToken.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('process_cpu');
  });
});
