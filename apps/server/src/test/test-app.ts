import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, readConfig } from '../config.ts';
import { type DatabaseHandle, openPglite, openPostgres } from '../db/client.ts';

/** A fresh database for one test file: a PGlite copy, or a PostgreSQL copy when DATABASE_URL is set. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const databaseUrl = process.env.DATABASE_URL;
  const template = inject('postgresTemplate');
  if (databaseUrl && template) {
    const name = `shopper_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const handle = openPostgres(url.toString());
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplatePath'));
  return openPglite(undefined, new Blob([dump]));
}

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
};

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const config: Config = readConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ...env,
  });
  const app = await buildApp({ config, database });
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
