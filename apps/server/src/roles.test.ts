import { afterEach, describe, expect, it } from 'vitest';
import { type BackgroundLoop, backgroundLoops } from './background-work.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

describe('ROLE: which loops a process runs', () => {
  it('runs every loop in one process by default, and splits them between web and worker', () => {
    expect(backgroundLoops('all', true)).toEqual([
      'catalog-changes',
      'test-provider-webhooks',
      'import-runner',
      'mail-sender',
      'payment-sweep',
      'back-in-stock',
    ]);
    expect(backgroundLoops('web', true)).toEqual(['catalog-changes', 'test-provider-webhooks']);
    expect(backgroundLoops('worker', true)).toEqual([
      'catalog-changes',
      'import-runner',
      'mail-sender',
      'payment-sweep',
      'back-in-stock',
    ]);
  });
});

describe('ROLE: what a built app answers and runs', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('a web app answers the catalog and starts none of the background loops, even when asked for scheduled work', async () => {
    let loops: readonly BackgroundLoop[] = [];
    t = await createTestApp({ ROLE: 'web' }, { runsScheduledWork: true, onLoops: (started) => (loops = started) });
    expect(loops).not.toContain('import-runner');
    expect(loops).not.toContain('mail-sender');
    expect(loops).not.toContain('payment-sweep');
    expect(loops).not.toContain('back-in-stock');
    expect((await t.app.inject({ method: 'GET', url: '/api/products/all-products' })).statusCode).toBe(200);
  });

  it('a worker runs the loops and answers health and metrics, and 404 for everything else', async () => {
    let loops: readonly BackgroundLoop[] = [];
    t = await createTestApp({ ROLE: 'worker' }, { runsScheduledWork: true, onLoops: (started) => (loops = started) });
    expect(loops).toEqual(expect.arrayContaining(['import-runner', 'mail-sender', 'payment-sweep', 'back-in-stock']));

    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    for (const url of ['/api/products', '/api/products/all-products', '/api/cart', '/api/docs', '/', '/men']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 'a@b.c' } });
    expect(post.statusCode).toBe(404);
  });
});
