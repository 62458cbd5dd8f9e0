import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/client.ts';
import { EmbeddedServer } from '../db/embedded/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server every test file makes its database on: DATABASE_URL, or the run's embedded server. */
    testServerUrl: string;
    /** A migrated database every test file copies (CREATE DATABASE … TEMPLATE). */
    postgresTemplate: string;
  }
}

/**
 * One PostgreSQL server per run (DATABASE_URL when set, else the shop's own embedded server in a
 * temporary folder, without fsync), one migration, then each test file copies the migrated
 * template in milliseconds.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let server: EmbeddedServer | undefined;
  let dir: string | undefined;
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    dir = mkdtempSync(path.join(tmpdir(), 'shopper-test-'));
    server = new EmbeddedServer({
      clusterDir: path.join(dir, 'postgres'),
      passwordFile: path.join(dir, 'postgres-password'),
      logFile: path.join(dir, 'postgres.log'),
      durable: false,
    });
    await server.start();
    serverUrl = server.url('postgres');
  }
  const template = `shopper_template_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${template}`;
  const handle = openPostgres(url.toString());
  await handle.migrate();
  await handle.close();
  project.provide('testServerUrl', serverUrl);
  project.provide('postgresTemplate', template);
  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
