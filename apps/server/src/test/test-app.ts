import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../app.ts';
import { type Config, readConfig } from '../config.ts';
import { type DatabaseHandle, openPostgres } from '../db/client.ts';
import { RATE_LIMIT_RULES, type RateLimits } from '../plugins/rate-limit.ts';

/** The PostgreSQL server of this run (DATABASE_URL, or the embedded one global-setup.ts started), as its superuser. */
export function testServerUrl(): string {
  return inject('testServerUrl');
}

/** A fresh database for one test file: a copy of the migrated template, dropped when closed. */
export async function openTestDatabase(reads?: {
  urls: (primaryUrl: string) => string[];
  maxLagMs?: number;
}): Promise<DatabaseHandle> {
  const serverUrl = testServerUrl();
  const name = `shopper_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(
    url.toString(),
    reads && { urls: reads.urls(url.toString()), maxLagMs: reads.maxLagMs ?? 2_000 },
  );
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
};

export type TestAppOptions = Pick<
  AppDeps,
  'clock' | 'rateLimits' | 'payments' | 'onRoute' | 'onLoops' | 'runsScheduledWork'
> & {
  /** Read servers (DATABASE_READ_URL) given the test database's own URL. */
  readReplicaUrls?: (primaryUrl: string) => string[];
};

/** A clock tests move by hand: `clock.advance(ms)` expires tokens without waiting. */
export function createTestClock(start = new Date()): (() => Date) & { advance(ms: number): void } {
  let now = start.getTime();
  return Object.assign(() => new Date(now), {
    advance: (ms: number) => {
      now += ms;
    },
  });
}

/** Test files share one client address; limits this high never trip unless a test means it to. */
const RELAXED_LIMIT = { max: 10_000, windowMs: 60_000 };
export const RELAXED_RATE_LIMITS = Object.fromEntries(
  RATE_LIMIT_RULES.map((name) => [name, RELAXED_LIMIT]),
) as RateLimits;

export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase(options.readReplicaUrls && { urls: options.readReplicaUrls });
  const config: Config = readConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    // Tests of production settings run on the test-mode provider; config.ts otherwise refuses them.
    ALLOW_TEST_PAYMENTS: 'true',
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    clock: options.clock,
    rateLimits: options.rateLimits ?? { limits: RELAXED_RATE_LIMITS },
    payments: options.payments,
    onRoute: options.onRoute,
    onLoops: options.onLoops,
    runsScheduledWork: options.runsScheduledWork,
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
