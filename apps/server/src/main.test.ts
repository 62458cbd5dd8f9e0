import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';

const serverDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dataDir = mkdtempSync(path.join(tmpdir(), 'shopper-main-'));
const emptyShopDir = mkdtempSync(path.join(tmpdir(), 'shopper-main-empty-'));

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function start(env: Record<string, string> = {}): Started {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      // Port 0: the kernel picks a free one; a fixed or random pick can collide with another test's socket.
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DEMO: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Resolves with the port the server bound, once /api/ready answers 200. */
async function waitUntilReady(server: Started): Promise<number> {
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output())?.[1];
    if (port) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/ready`);
        if (response.ok) return Number(port);
      } catch {
        // not answering yet
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(emptyShopDir, { recursive: true, force: true });
});

describe('the server process on the embedded database', () => {
  it('seeds on first start, refuses a second process, shuts down cleanly and reuses its data', async () => {
    const first = start();
    const port = await waitUntilReady(first);
    expect(first.output()).toContain('seeded the demo catalog');
    expect(first.output()).toContain('seeded the demo order history');
    const catalog = (await (await fetch(`http://127.0.0.1:${port}/api/products/all-products?limit=1`)).json()) as {
      total: number;
    };
    expect(catalog.total).toBeGreaterThanOrEqual(48);

    const intruder = start();
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toContain(`The data directory ${dataDir} is in use by another SHOPPER process`);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shutting down');
    expect(existsSync(path.join(dataDir, '.shopper.lock'))).toBe(false);

    const second = start();
    const secondPort = await waitUntilReady(second);
    expect(second.output()).not.toContain('seeded the demo catalog');
    expect(second.output()).not.toContain('seeded the demo order history');
    const again = (await (await fetch(`http://127.0.0.1:${secondPort}/api/products/all-products?limit=1`)).json()) as {
      total: number;
    };
    expect(again.total).toBe(catalog.total);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 120_000);

  it('starts a real shop (no DEMO) empty: no demo catalog, no dev mailbox', async () => {
    const shop = start({ DEMO: '', DATA_DIR: emptyShopDir });
    const port = await waitUntilReady(shop);
    expect(shop.output()).not.toContain('seeded the demo catalog');
    expect(shop.output()).not.toContain('seeded the demo order history');
    const catalog = (await (await fetch(`http://127.0.0.1:${port}/api/products/all-products?limit=1`)).json()) as {
      total: number;
    };
    expect(catalog.total).toBe(0);
    expect((await fetch(`http://127.0.0.1:${port}/api/dev/mailbox`)).status).toBe(404);
    shop.child.kill('SIGTERM');
    expect(await shop.exited).toBe(0);
  }, 120_000);

  it('on SIGTERM answers /api/ready 503 while it drains, still serves, then exits; logs carry INSTANCE_NAME', async () => {
    const shop = start({ DEMO: '', DATA_DIR: emptyShopDir, INSTANCE_NAME: 'shop-b', SHUTDOWN_DRAIN_MS: '1500' });
    const port = await waitUntilReady(shop);
    expect(shop.output()).toContain('"instance":"shop-b"');
    shop.child.kill('SIGTERM');
    await vi.waitFor(() => expect(shop.output()).toContain('shutting down'));
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'draining', database: 'embedded' });
    expect((await fetch(`http://127.0.0.1:${port}/api/products/all-products?limit=1`)).status).toBe(200);
    expect(await shop.exited).toBe(0);
  }, 120_000);
});

describe('a production start', () => {
  it('refuses to take test-mode payments unless ALLOW_TEST_PAYMENTS=true is set', async () => {
    const production = {
      NODE_ENV: 'production',
      DEMO: '',
      JWT_SECRET: 'a-production-secret-of-at-least-32-chars',
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      ALLOW_TEST_PAYMENTS: '',
    };
    const refused = start(production);
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('required in production to take real card payments');

    const allowed = start({ ...production, ALLOW_TEST_PAYMENTS: 'true' });
    await waitUntilReady(allowed);
    expect(allowed.output()).toContain('TEST-MODE provider');
    allowed.child.kill('SIGTERM');
    expect(await allowed.exited).toBe(0);
  }, 120_000);
});
