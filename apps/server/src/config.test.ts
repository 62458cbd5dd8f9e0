import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

const SECRET = 'a-production-secret-that-is-long-enough';
/** Production settings apart from the card provider, which has its own test (payments/provider-choice.test.ts). */
const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: SECRET, ALLOW_TEST_PAYMENTS: 'true' };

describe('readConfig: safe by default', () => {
  it('listens on loopback outside production and on every interface in production', () => {
    expect(readConfig({}).host).toBe('127.0.0.1');
    expect(readConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(readConfig(PRODUCTION).host).toBe('0.0.0.0');
    expect(readConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(readConfig({ ...PRODUCTION, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('keeps the demo off unless DEMO=true', () => {
    expect(readConfig({}).demo).toBe(false);
    expect(readConfig({ DEMO: '' }).demo).toBe(false);
    expect(readConfig({ DEMO: 'false' }).demo).toBe(false);
    expect(readConfig({ DEMO: 'true' }).demo).toBe(true);
    expect(() => readConfig({ DEMO: 'yes' })).toThrow(/DEMO/);
  });

  it('serves the back office under $PUBLIC_URL/dashboard unless ADMIN_URL names another place', () => {
    expect(readConfig({ PORT: '4000' }).adminUrl).toBe('http://localhost:4000/dashboard');
    expect(readConfig({ PUBLIC_URL: 'https://shop.example.com' }).adminUrl).toBe('https://shop.example.com/dashboard');
    expect(readConfig({ ADMIN_URL: 'https://admin.example.com/' }).adminUrl).toBe('https://admin.example.com');
    expect(() => readConfig({ ADMIN_URL: 'admin' })).toThrow(/ADMIN_URL must be a full URL/);
  });

  it('refuses the demo in production with a clear message', () => {
    expect(() => readConfig({ ...PRODUCTION, DEMO: 'true' })).toThrow(
      /DEMO: the demo .* cannot run with NODE_ENV=production/,
    );
    expect(readConfig({ ...PRODUCTION, DEMO: 'false' }).demo).toBe(false);
  });

  it('marks refresh cookies Secure except for a demo served over http', () => {
    expect(readConfig({}).secureCookies).toBe(true);
    expect(readConfig({ PUBLIC_URL: 'http://shop.example.com' }).secureCookies).toBe(true);
    expect(readConfig({ DEMO: 'true' }).secureCookies).toBe(false);
    expect(readConfig({ DEMO: 'true', PUBLIC_URL: 'http://127.0.0.1:4201' }).secureCookies).toBe(false);
    expect(readConfig({ DEMO: 'true', PUBLIC_URL: 'https://demo.example.com' }).secureCookies).toBe(true);
    expect(readConfig(PRODUCTION).secureCookies).toBe(true);
  });

  it('no longer knows ALLOW_SELF_ADMIN: the self-service admin toggle follows DEMO', () => {
    expect(readConfig({ ALLOW_SELF_ADMIN: 'true' }).demo).toBe(false);
    expect(readConfig({ ALLOW_SELF_ADMIN: 'true' })).not.toHaveProperty('allowSelfAdmin');
  });

  it("no longer knows ERASED_REVIEWS: erased customers' reviews follow the owner's shop setting", () => {
    expect(readConfig({ ERASED_REVIEWS: 'remove' })).not.toHaveProperty('erasedReviews');
  });

  it('takes a METRICS_TOKEN of at least 24 characters', () => {
    expect(readConfig({}).metricsToken).toBeUndefined();
    expect(readConfig({ METRICS_TOKEN: 'x'.repeat(24) }).metricsToken).toBe('x'.repeat(24));
    expect(() => readConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 24 characters/);
  });

  it('reads RATE_LIMIT_ALLOWLIST as addresses and CIDR blocks', () => {
    expect(readConfig({}).rateLimitAllowlist).toEqual([]);
    expect(readConfig({ RATE_LIMIT_ALLOWLIST: '198.51.100.0/24, 2001:db8::1' }).rateLimitAllowlist).toEqual([
      { address: '198.51.100.0', prefix: 24, family: 'ipv4' },
      { address: '2001:db8::1', prefix: 128, family: 'ipv6' },
    ]);
    for (const value of ['campus', '10.0.0.0/40', '10.0.0.1,,10.0.0.2']) {
      expect(() => readConfig({ RATE_LIMIT_ALLOWLIST: value }), value).toThrow(/RATE_LIMIT_ALLOWLIST/);
    }
  });
});

describe('readConfig: several instances', () => {
  it('names the instance hostname:port unless INSTANCE_NAME says otherwise', () => {
    expect(readConfig({ PORT: '4701' }).instanceName).toMatch(/^.+:4701$/);
    expect(readConfig({ INSTANCE_NAME: ' shop-a ' }).instanceName).toBe('shop-a');
    expect(() => readConfig({ INSTANCE_NAME: 'x'.repeat(101) })).toThrow(/INSTANCE_NAME/);
  });

  it('drains for SHUTDOWN_DRAIN_MS (0 by default, at most a minute)', () => {
    expect(readConfig({}).shutdownDrainMs).toBe(0);
    expect(readConfig({ SHUTDOWN_DRAIN_MS: '5000' }).shutdownDrainMs).toBe(5000);
    expect(() => readConfig({ SHUTDOWN_DRAIN_MS: '60001' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });

  it('takes the reconciliation delay in (fractional) minutes and the sweep period in seconds', () => {
    expect(readConfig({}).paymentReconcileAfterMinutes).toBe(10);
    expect(readConfig({}).paymentSweepEverySeconds).toBe(60);
    expect(readConfig({ PAYMENT_RECONCILE_AFTER_MINUTES: '0.05' }).paymentReconcileAfterMinutes).toBe(0.05);
    expect(readConfig({ PAYMENT_SWEEP_EVERY_SECONDS: '2' }).paymentSweepEverySeconds).toBe(2);
    expect(() => readConfig({ PAYMENT_RECONCILE_AFTER_MINUTES: '0.01' })).toThrow(/PAYMENT_RECONCILE_AFTER_MINUTES/);
    expect(() => readConfig({ PAYMENT_SWEEP_EVERY_SECONDS: '0' })).toThrow(/PAYMENT_SWEEP_EVERY_SECONDS/);
  });

  it('runs requests and background work together unless ROLE splits them', () => {
    expect(readConfig({}).role).toBe('all');
    expect(readConfig({ ROLE: 'web' }).role).toBe('web');
    expect(readConfig({ ROLE: 'worker' }).role).toBe('worker');
    expect(() => readConfig({ ROLE: 'workers' })).toThrow(
      'ROLE: ROLE must be web (requests only), worker (background work only) or all',
    );
  });

  it('reads from no standby unless DATABASE_READ_URL names some, and only beside a DATABASE_URL', () => {
    const primary = 'postgres://shop@db-primary:5432/shop';
    expect(readConfig({}).readReplicas).toEqual({ urls: [], maxLagMs: 2_000 });
    expect(
      readConfig({
        DATABASE_URL: primary,
        DATABASE_READ_URL: ' postgres://shop@db-a:5432/shop, postgresql://shop@db-b/shop ',
        DATABASE_READ_MAX_LAG_MS: '500',
      }).readReplicas,
    ).toEqual({ urls: ['postgres://shop@db-a:5432/shop', 'postgresql://shop@db-b/shop'], maxLagMs: 500 });
    expect(() => readConfig({ DATABASE_URL: primary, DATABASE_READ_URL: 'mysql://db-a/shop' })).toThrow(
      'DATABASE_READ_URL must be one or more postgres:// URLs, separated by commas',
    );
    expect(() => readConfig({ DATABASE_READ_URL: 'postgres://shop@db-a/shop' })).toThrow(
      'DATABASE_READ_URL: standbys read from a primary of your own; set DATABASE_URL to it',
    );
    expect(() => readConfig({ DATABASE_URL: primary, DATABASE_READ_MAX_LAG_MS: '10' })).toThrow(
      'DATABASE_READ_MAX_LAG_MS',
    );
  });

  it('lets a shared cache keep guest answers 60 s (stale 30 s more) unless told otherwise; 0 shares nothing', () => {
    expect(readConfig({}).sharedCache).toEqual({ sharedSeconds: 60, staleSeconds: 30 });
    expect(readConfig({ SHARED_CACHE_SECONDS: '0', SHARED_CACHE_STALE_SECONDS: '0' }).sharedCache).toEqual({
      sharedSeconds: 0,
      staleSeconds: 0,
    });
    expect(() => readConfig({ SHARED_CACHE_SECONDS: '-1' })).toThrow(/SHARED_CACHE_SECONDS/);
    expect(() => readConfig({ SHARED_CACHE_STALE_SECONDS: 'soon' })).toThrow(/SHARED_CACHE_STALE_SECONDS/);
  });

  it('purges nowhere by default, and asks for what each purge target needs', () => {
    expect(readConfig({}).cachePurge).toBeUndefined();
    expect(readConfig({ CACHE_PURGE: 'varnish-xkey', CACHE_PURGE_URL: 'http://127.0.0.1:6081/' }).cachePurge).toEqual({
      kind: 'varnish-xkey',
      url: 'http://127.0.0.1:6081',
    });
    expect(readConfig({ CACHE_PURGE: 'fastly', CACHE_PURGE_ZONE: 'svc1', CACHE_PURGE_TOKEN: 't' }).cachePurge).toEqual({
      kind: 'fastly',
      zone: 'svc1',
      token: 't',
      url: undefined,
    });
    expect(() => readConfig({ CACHE_PURGE: 'nginx' })).toThrow(/CACHE_PURGE_URL: required with CACHE_PURGE=nginx/);
    expect(() => readConfig({ CACHE_PURGE: 'cloudflare', CACHE_PURGE_TOKEN: 't' })).toThrow(
      /CACHE_PURGE_ZONE and CACHE_PURGE_TOKEN: required with CACHE_PURGE=cloudflare/,
    );
    expect(() => readConfig({ CACHE_PURGE: 'squid' })).toThrow(/CACHE_PURGE must be none, varnish-xkey/);
    expect(() => readConfig({ CACHE_PURGE: 'nginx', CACHE_PURGE_URL: 'not a url' })).toThrow(/CACHE_PURGE_URL/);
    expect(() => readConfig({ CACHE_PURGE_ZONE: 'a b' })).toThrow(/CACHE_PURGE_ZONE/);
  });

  it('takes the mail sender period and first retry delay in (fractional) seconds', () => {
    expect(readConfig({})).toMatchObject({ mailSendEverySeconds: 5, mailRetryAfterSeconds: 30 });
    expect(readConfig({ MAIL_SEND_EVERY_SECONDS: '0.25', MAIL_RETRY_AFTER_SECONDS: '1' })).toMatchObject({
      mailSendEverySeconds: 0.25,
      mailRetryAfterSeconds: 1,
    });
    expect(() => readConfig({ MAIL_SEND_EVERY_SECONDS: '0' })).toThrow(/MAIL_SEND_EVERY_SECONDS/);
    expect(() => readConfig({ MAIL_RETRY_AFTER_SECONDS: '3601' })).toThrow(/MAIL_RETRY_AFTER_SECONDS/);
  });
});

describe('readConfig: no placeholder secrets or test-run limits in production', () => {
  it("refuses the README's example JWT_SECRET and other obvious placeholders", () => {
    for (const placeholder of [
      'change-me-to-at-least-32-random-characters',
      'CHANGEME_CHANGEME_CHANGEME_CHANGEME',
      'replace-me-with-a-long-random-string-please',
      'your-secret-key-goes-here-1234567890',
      'placeholder-placeholder-placeholder',
      'x'.repeat(48),
      'abcabcabcabcabcabcabcabcabcabcabcabc',
      '0123456701234567012345670123456701234567',
    ]) {
      expect(() => readConfig({ ...PRODUCTION, JWT_SECRET: placeholder }), placeholder).toThrow(
        /JWT_SECRET: looks like a placeholder.*openssl rand -base64 48/s,
      );
    }
    // Outside production a placeholder is nobody's business: tests and the demo use fixed ones.
    expect(readConfig({ JWT_SECRET: 'change-me-to-at-least-32-random-characters' }).jwtSecret).toBeDefined();
    expect(
      readConfig({ ...PRODUCTION, JWT_SECRET: 'q3N0v1Yx8Jm2kP7cR5tW9zB4hL6fD0sA1eG3uI8oK2' }).jwtSecret,
    ).toBeDefined();
  });

  it("refuses the README's example METRICS_TOKEN in production", () => {
    expect(() => readConfig({ ...PRODUCTION, METRICS_TOKEN: 'another-long-random-secret-for-prometheus' })).toThrow(
      /METRICS_TOKEN: looks like a placeholder/,
    );
    expect(readConfig({ ...PRODUCTION, METRICS_TOKEN: 'Zk3pQ9wXr7Tb2mYc5Nd8Fh1L' }).metricsToken).toBe(
      'Zk3pQ9wXr7Tb2mYc5Nd8Fh1L',
    );
  });

  it('refuses RATE_LIMIT_SCALE above 1 in production unless RATE_LIMIT_SCALE_REASON says why', () => {
    expect(() => readConfig({ ...PRODUCTION, RATE_LIMIT_SCALE: '20' })).toThrow(
      /RATE_LIMIT_SCALE: 20 multiplies every rate limit.*RATE_LIMIT_SCALE_REASON/s,
    );
    expect(() => readConfig({ ...PRODUCTION, RATE_LIMIT_SCALE: '20', RATE_LIMIT_SCALE_REASON: '  ' })).toThrow(
      /RATE_LIMIT_SCALE_REASON/,
    );
    const told = readConfig({ ...PRODUCTION, RATE_LIMIT_SCALE: '20', RATE_LIMIT_SCALE_REASON: 'load test of staging' });
    expect(told).toMatchObject({ rateLimitScale: 20, rateLimitScaleReason: 'load test of staging' });
    expect(readConfig({ ...PRODUCTION, RATE_LIMIT_SCALE: '1' }).rateLimitScale).toBe(1);
    expect(readConfig({ NODE_ENV: 'test', RATE_LIMIT_SCALE: '20' }).rateLimitScale).toBe(20);
  });
});
