import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => await t?.close());

describe('GET /api/back-office', () => {
  it('answers $PUBLIC_URL/dashboard by default, to anyone', async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://shop.example.com/' });
    const response = await t.app.inject({ method: 'GET', url: '/api/back-office' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, url: 'https://shop.example.com/dashboard' });
  });

  it('answers ADMIN_URL when the back office has its own host', async () => {
    t = await createTestApp({ ADMIN_URL: 'https://admin.example.com/' });
    expect((await t.app.inject({ method: 'GET', url: '/api/back-office' })).json().url).toBe(
      'https://admin.example.com',
    );
  });
});
