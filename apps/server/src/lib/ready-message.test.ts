import { describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { readyMessage } from './ready-message.ts';

const embedded = { kind: 'embedded', dataDir: '/srv/shop/data/postgres' };

describe('the start-up message', () => {
  it('in the demo, names the shop, the back office with the owner sign-in, the API docs and the mailbox', () => {
    const message = readyMessage(readConfig({ DEMO: 'true', PORT: '3960' }), embedded);
    expect(message.split('\n')).toEqual([
      'The SHOPPER demo is ready.',
      '  Shop:         http://localhost:3960',
      '  Back office:  http://localhost:3960/dashboard',
      '                sign in as owner@shopper.local with the password Owner-demo-1',
      '  API docs:     http://localhost:3960/api/docs',
      '  Mailbox:      http://localhost:3960/dev/mailbox  (every e-mail the shop sends lands here)',
      '  Data:         /srv/shop/data/postgres  (the embedded PostgreSQL)',
      '  Stop with Ctrl-C.',
    ]);
  });

  it('in the demo, follows PUBLIC_URL and ADMIN_URL, and says mail leaves through SMTP when it does', () => {
    const message = readyMessage(
      readConfig({
        DEMO: 'true',
        PUBLIC_URL: 'https://demo.example.com/',
        ADMIN_URL: 'https://admin.example.com',
        SMTP_URL: 'smtp://mail.example.com:587',
      }),
      { kind: 'postgres' },
    );
    expect(message).toContain('Shop:         https://demo.example.com\n');
    expect(message).toContain('Back office:  https://admin.example.com\n');
    expect(message).toContain('API docs:     https://demo.example.com/api/docs');
    expect(message).toContain('Mail:         sent through SMTP_URL');
    expect(message).not.toContain('/dev/mailbox');
    expect(message).toContain('Data:         PostgreSQL at DATABASE_URL');
  });

  it('for a real shop, is one line without any password or mailbox', () => {
    const message = readyMessage(
      readConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'a-production-secret-of-at-least-32-chars',
        ALLOW_TEST_PAYMENTS: 'true',
        PUBLIC_URL: 'https://shop.example.com',
      }),
      { kind: 'postgres' },
    );
    expect(message).toBe(
      'SHOPPER is ready on https://shop.example.com (back office https://shop.example.com/dashboard, API docs https://shop.example.com/api/docs)',
    );
  });

  it('for a real shop with loosened rate limits, says so and why, on the same line', () => {
    const message = readyMessage(
      readConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'a-production-secret-of-at-least-32-chars',
        ALLOW_TEST_PAYMENTS: 'true',
        PUBLIC_URL: 'https://staging.example.com',
        RATE_LIMIT_SCALE: '20',
        RATE_LIMIT_SCALE_REASON: 'load test of the staging copy',
      }),
      { kind: 'postgres' },
    );
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toMatch(/; rate limits x20: load test of the staging copy$/);
  });
});
