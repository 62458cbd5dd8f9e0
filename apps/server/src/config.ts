import path from 'node:path';
import { z } from 'zod';
import { defaultInstanceName } from './lib/instance-name.ts';
import { type AddressRange, parseAddressRange } from './lib/ip-ranges.ts';
import { isPlaceholderSecret } from './lib/placeholder-secrets.ts';
import { tracingRequested } from './telemetry/tracing-state.ts';

/** RATE_LIMIT_ALLOWLIST: a comma list of addresses and CIDR blocks. */
const AllowlistSchema = z.string().transform((value, context): AddressRange[] => {
  const entries = value.split(',').map((entry) => entry.trim());
  const ranges = entries.map(parseAddressRange);
  const bad = entries.filter((_entry, index) => !ranges[index]);
  if (bad.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `addresses or CIDR blocks, comma separated; got ${bad.join(', ') || 'an empty entry'}`,
    });
    return z.NEVER;
  }
  return ranges as AddressRange[];
});

/** Who may say who the client is: nobody, the nearest `hops` peers, or the listed proxies. */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

/** Names proxy-addr (Fastify's trustProxy) knows besides addresses and CIDR blocks. */
const NAMED_PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: unset trusts no proxy (the socket peer is the client); a hop count; or a comma
 * list of the proxies' addresses or CIDR blocks. Never `true`, which lets any client choose its
 * IP with X-Forwarded-For and so walk past every per-IP limit (decision 011).
 */
const TrustProxySchema = z
  .string()
  .trim()
  .transform((value, context): TrustProxy => {
    if (/^\d{1,2}$/.test(value)) return Number(value) === 0 ? false : { hops: Number(value) };
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !NAMED_PROXY_RANGES.includes(entry) && !parseAddressRange(entry));
    if (bad.length > 0 || entries.length === 0) {
      context.addIssue({
        code: 'custom',
        message: `a hop count (e.g. 1) or a comma list of proxy addresses or CIDR blocks (e.g. 10.0.0.5,10.1.0.0/16); got ${bad.length > 0 ? bad.join(', ') : 'nothing'}${value === 'true' ? ' (true would let any client pick its IP)' : ''}`,
      });
      return z.NEVER;
    }
    return { proxies: entries };
  });

/** Every setting the server reads, from the environment only (docs/configuration.md). */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).optional(),
  DEMO: z.enum(['true', 'false'], 'DEMO must be true or false').default('false'),
  TRUST_PROXY: TrustProxySchema.optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  /** Standbys for read-only catalog and report queries, comma-separated (docs/scaling.md). */
  DATABASE_READ_URL: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .refine(
      (urls) => urls.every((url) => /^postgres(ql)?:\/\//.test(url)),
      'DATABASE_READ_URL must be one or more postgres:// URLs, separated by commas',
    )
    .optional(),
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
  PUBLIC_URL: z.url().optional(),
  ADMIN_URL: z.url('ADMIN_URL must be a full URL, e.g. https://admin.example.com').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: z.enum(['true', 'false'], 'LOG_PRETTY must be true or false').optional(),
  TAX_RATE: z.coerce.number().min(0).max(1).default(0.08),
  WEB_DIST_DIR: z.string().optional(),
  DASHBOARD_DIST_DIR: z.string().optional(),
  CATALOG_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('SHOPPER <no-reply@shopper.local>'),
  // Fractions are allowed so the cluster tests can watch retries back off in seconds, not minutes.
  MAIL_SEND_EVERY_SECONDS: z.coerce.number().min(0.1).max(3600).default(5),
  MAIL_RETRY_AFTER_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
    .optional(),
  RATE_LIMIT_ALLOWLIST: AllowlistSchema.optional(),
  METRICS_TOKEN: z.string().min(24, 'METRICS_TOKEN must be at least 24 characters').optional(),
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  RATE_LIMIT_SCALE_REASON: z.string().trim().max(200).optional(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'STRIPE_SECRET_KEY must start with sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'STRIPE_PUBLISHABLE_KEY must start with pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET must start with whsec_').optional(),
  ALLOW_TEST_PAYMENTS: z.enum(['true', 'false']).default('false'),
  TEST_PROVIDER_WEBHOOKS: z.enum(['immediate', 'twice', 'scrambled', 'none']).default('immediate'),
  // Fractions are allowed (0.05 = 3 s) so the cluster tests can watch the sweep without waiting minutes.
  PAYMENT_RECONCILE_AFTER_MINUTES: z.coerce.number().min(0.05).max(1440).default(10),
  PAYMENT_SWEEP_EVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  INSTANCE_NAME: z.string().trim().min(1).max(100).optional(),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  IMAGE_UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(100).default(10),
  IMAGE_MAX_MEGAPIXELS: z.coerce.number().int().min(1).max(500).default(50),
  CATALOG_IMPORT_MAX_MB: z.coerce.number().int().min(1).max(200).default(20),
  CATALOG_IMPORT_PRIVATE_NETWORKS: AllowlistSchema.optional(),
  SHARED_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  SHARED_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  CACHE_PURGE: z
    .enum(
      ['none', 'varnish-xkey', 'varnish-ban', 'nginx', 'cloudflare', 'fastly'],
      'CACHE_PURGE must be none, varnish-xkey, varnish-ban, nginx, cloudflare or fastly',
    )
    .default('none'),
  CACHE_PURGE_URL: z.url('CACHE_PURGE_URL must be a full URL, e.g. http://varnish:6081').optional(),
  CACHE_PURGE_TOKEN: z.string().min(1).optional(),
  CACHE_PURGE_ZONE: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'CACHE_PURGE_ZONE must be a Cloudflare zone id or a Fastly service id')
    .optional(),
  ROLE: z
    .enum(['web', 'worker', 'all'], 'ROLE must be web (requests only), worker (background work only) or all')
    .default('all'),
});

/** The names of the variables above, for the test that keeps docs/configuration.md complete. */
export const SETTING_NAMES: readonly string[] = Object.keys(EnvSchema.shape);

/** Where catalog changes purge a shared cache in front (decision 063); `url` overrides a hosted API's address. */
export type CachePurgeTarget =
  | { kind: 'varnish-xkey' | 'varnish-ban' | 'nginx'; url: string }
  | { kind: 'cloudflare' | 'fastly'; zone: string; token: string; url: string | undefined };

/** What one process does: answer requests, run the background loops, or both (docs/scaling.md#roles). */
export type Role = 'web' | 'worker' | 'all';

export type Config = {
  /** web: requests only; worker: the background loops, and HTTP for health and metrics only; all: both. */
  role: Role;
  /** Guest catalog answers and pages: s-maxage and stale-while-revalidate for a shared cache in front; 0 s shares nothing. */
  sharedCache: { sharedSeconds: number; staleSeconds: number };
  /** Unset: nothing is purged (CACHE_PURGE=none). */
  cachePurge: CachePurgeTarget | undefined;
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Standbys that answer catalog and report reads, and how far behind the primary one may be. */
  readReplicas: { urls: string[]; maxLagMs: number };
  publicUrl: string;
  /** Where the back office is served (docs/product.md#back-office): its own host, or `$PUBLIC_URL/dashboard`. */
  adminUrl: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** LOG_PRETTY: true or false forces human-readable or JSON lines; unset lets lib/logger.ts choose. */
  logPretty: boolean | undefined;
  taxRate: number;
  /** Folder of the built SPA; unset in tests and `npm run dev`, where Vite serves it. */
  webDistDir: string | undefined;
  /** Folder of the built back office, served under /dashboard/; unset serves none (decision 020). */
  dashboardDistDir: string | undefined;
  /** How long a serialized catalog read is reused; 0 turns the cache off. */
  catalogCacheTtlMs: number;
  /** Signs access tokens. Unset outside production: generated once and kept in DATA_DIR (main.ts). */
  jwtSecret: string | undefined;
  /** Unset: mail is kept in the outbox for the dev mailbox (outside production). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** How often each instance's mail sender looks for due outbox mail. */
  mailSendEverySeconds: number;
  /** The wait before the first retry of a mail the SMTP server refused; doubled for each further one. */
  mailRetryAfterSeconds: number;
  /** Unset: rate limits are counted in memory. */
  redisUrl: string | undefined;
  /**
   * The demo switch (decision 011): the dev mailbox (loopback clients only), the
   * self-service admin toggle of docs/product.md#admin-page and the demo data seeded into an empty shop. Off unless DEMO=true;
   * `npm start` turns it on outside production. Never in production.
   */
  demo: boolean;
  /** false: the socket peer is the client. */
  trustProxy: TrustProxy;
  /** Secure refresh cookies: always, except a demo served over plain http (a browser drops Secure cookies there). */
  secureCookies: boolean;
  /** Multiplies every account rate limit (1 = the production limits); for load and browser test runs. */
  rateLimitScale: number;
  /** Why a production shop runs with RATE_LIMIT_SCALE above 1; required there, and logged at start. */
  rateLimitScaleReason: string | undefined;
  /** Production: GET /metrics needs `Authorization: Bearer <this>`; unset, the route is not served. */
  metricsToken: string | undefined;
  /** Addresses exempt from the per-IP rate limits (an office or campus you know). */
  rateLimitAllowlist: AddressRange[];
  /** All three STRIPE_* set: Stripe; none: the built-in test-mode provider. */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string } | undefined;
  /** Production without STRIPE_* keys runs the test-mode provider only when this was asked for explicitly. */
  allowTestPayments: boolean;
  /** How the test-mode provider delivers its webhooks: 'none' leaves completion to confirm-order and the sweep. */
  testProviderWebhooks: 'immediate' | 'twice' | 'scrambled' | 'none';
  /** A paid payment still without an order after this long is completed by the reconciliation sweep. */
  paymentReconcileAfterMinutes: number;
  /** How often each instance runs the reconciliation sweep. */
  paymentSweepEverySeconds: number;
  /** Carried by every log line, to tell instances apart behind a load balancer; default hostname:port. */
  instanceName: string;
  /** OTEL_EXPORTER_OTLP_ENDPOINT is set: the tracing preload should have started tracing (docs/observability.md#traces). */
  tracingRequested: boolean;
  /** On SIGTERM, how long /api/ready answers 503 while requests are still served, before the port closes. */
  shutdownDrainMs: number;
  /** Product image uploads: largest file accepted, and most pixels decoded (decompression bombs, decision 021). */
  imageUploadMaxBytes: number;
  imageMaxPixels: number;
  /** The largest catalog CSV the import accepts, in megabytes (decision 043). */
  catalogImportMaxMegabytes: number;
  /** Private networks the import may fetch pictures from (a NAS on the shop's network); none by default (decision 046). */
  catalogImportPrivateNetworks: AddressRange[];
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    throw new Error(
      'Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: set all three, or none for test mode',
    );
  }
  if (e.NODE_ENV === 'production' && e.DEMO === 'true') {
    throw new Error(
      'Invalid configuration:\n  DEMO: the demo (dev mailbox, self-service admin, demo data) cannot run with NODE_ENV=production; unset DEMO',
    );
  }
  // A production shop on the test-mode provider would ship orders paid with test cards.
  if (e.NODE_ENV === 'production' && !stripeKeys.some(Boolean) && e.ALLOW_TEST_PAYMENTS !== 'true') {
    throw new Error(
      'Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: required in production to take real card payments.\n' +
        '  Without them the built-in test-mode provider accepts test cards and no money is taken; set ALLOW_TEST_PAYMENTS=true to run it on purpose.',
    );
  }
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new Error('Invalid configuration:\n  JWT_SECRET: required in production (at least 32 characters)');
  }
  if (e.DATABASE_READ_URL?.length && !e.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\n  DATABASE_READ_URL: standbys read from a primary of your own; set DATABASE_URL to it, or unset DATABASE_READ_URL for the embedded database',
    );
  }
  if (e.NODE_ENV === 'production') refuseProductionRisks(e);
  const isDemo = e.DEMO === 'true';
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    role: e.ROLE,
    sharedCache: { sharedSeconds: e.SHARED_CACHE_SECONDS, staleSeconds: e.SHARED_CACHE_STALE_SECONDS },
    cachePurge: cachePurgeTarget(e),
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    // Outside production the shop answers only this machine unless told otherwise (decision 011).
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    readReplicas: { urls: e.DATABASE_READ_URL ?? [], maxLagMs: e.DATABASE_READ_MAX_LAG_MS },
    publicUrl,
    adminUrl: (e.ADMIN_URL ?? `${publicUrl}/dashboard`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY === undefined ? undefined : e.LOG_PRETTY === 'true',
    taxRate: e.TAX_RATE,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    dashboardDistDir: e.DASHBOARD_DIST_DIR ? path.resolve(e.DASHBOARD_DIST_DIR) : undefined,
    catalogCacheTtlMs: e.CATALOG_CACHE_TTL_MS,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailSendEverySeconds: e.MAIL_SEND_EVERY_SECONDS,
    mailRetryAfterSeconds: e.MAIL_RETRY_AFTER_SECONDS,
    redisUrl: e.REDIS_URL,
    demo: isDemo,
    trustProxy: e.TRUST_PROXY ?? false,
    secureCookies: !(isDemo && publicUrl.startsWith('http:')),
    rateLimitScale: e.RATE_LIMIT_SCALE,
    rateLimitScaleReason: e.RATE_LIMIT_SCALE_REASON || undefined,
    rateLimitAllowlist: e.RATE_LIMIT_ALLOWLIST ?? [],
    metricsToken: e.METRICS_TOKEN,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          }
        : undefined,
    allowTestPayments: e.ALLOW_TEST_PAYMENTS === 'true',
    testProviderWebhooks: e.TEST_PROVIDER_WEBHOOKS,
    paymentReconcileAfterMinutes: e.PAYMENT_RECONCILE_AFTER_MINUTES,
    paymentSweepEverySeconds: e.PAYMENT_SWEEP_EVERY_SECONDS,
    instanceName: e.INSTANCE_NAME ?? defaultInstanceName(e.PORT),
    tracingRequested: tracingRequested(env),
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    imageUploadMaxBytes: e.IMAGE_UPLOAD_MAX_MB * 1024 * 1024,
    imageMaxPixels: e.IMAGE_MAX_MEGAPIXELS * 1_000_000,
    catalogImportMaxMegabytes: e.CATALOG_IMPORT_MAX_MB,
    catalogImportPrivateNetworks: e.CATALOG_IMPORT_PRIVATE_NETWORKS ?? [],
  };
}

/** CACHE_PURGE and what its kind needs: an address for a proxy, a zone or service and a token for a hosted API. */
function cachePurgeTarget(e: z.infer<typeof EnvSchema>): CachePurgeTarget | undefined {
  const kind = e.CACHE_PURGE;
  if (kind === 'none') return undefined;
  if (kind === 'cloudflare' || kind === 'fastly') {
    if (!e.CACHE_PURGE_ZONE || !e.CACHE_PURGE_TOKEN) {
      throw new Error(
        `Invalid configuration:\n  CACHE_PURGE_ZONE and CACHE_PURGE_TOKEN: required with CACHE_PURGE=${kind} (the ${kind === 'cloudflare' ? 'zone id and an API token allowed to purge it' : 'service id and an API token allowed to purge it'})`,
      );
    }
    return { kind, zone: e.CACHE_PURGE_ZONE, token: e.CACHE_PURGE_TOKEN, url: e.CACHE_PURGE_URL };
  }
  if (!e.CACHE_PURGE_URL) {
    throw new Error(
      `Invalid configuration:\n  CACHE_PURGE_URL: required with CACHE_PURGE=${kind} (the address the cache takes purges on, e.g. http://127.0.0.1:6081)`,
    );
  }
  return { kind, url: e.CACHE_PURGE_URL.replace(/\/$/, '') };
}

/**
 * Production refuses what only belongs to a copy of the docs or a test run (decision 044): a
 * secret anyone who read the README knows, and rate limits loosened without anyone saying why.
 */
function refuseProductionRisks(e: z.infer<typeof EnvSchema>): void {
  const problems: string[] = [];
  for (const name of ['JWT_SECRET', 'METRICS_TOKEN'] as const) {
    const value = e[name];
    if (value && isPlaceholderSecret(value)) {
      problems.push(`${name}: looks like a placeholder; generate one with \`openssl rand -base64 48\``);
    }
  }
  if (e.RATE_LIMIT_SCALE > 1 && !e.RATE_LIMIT_SCALE_REASON) {
    problems.push(
      `RATE_LIMIT_SCALE: ${e.RATE_LIMIT_SCALE} multiplies every rate limit, which a public shop needs at 1; ` +
        'set RATE_LIMIT_SCALE_REASON to say why this one runs looser (e.g. a load test of a staging copy)',
    );
  }
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
}
