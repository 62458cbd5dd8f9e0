import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a migrated data directory dump every test file starts from. */
    pgliteTemplatePath: string;
    /** PostgreSQL: a migrated database every test file copies (CREATE DATABASE … TEMPLATE). */
    postgresTemplate: string;
  }
}

/** Migrates once per run; each test file then gets a fresh copy in milliseconds. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const template = `shopper_template_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${template}`;
    const handle = openPostgres(url.toString());
    await handle.migrate();
    await handle.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplatePath', '');
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'shopper-test-'));
  const handle = await openPglite(undefined);
  await handle.migrate();
  const dump = await handle.dumpDataDir();
  await handle.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', file);
  project.provide('postgresTemplate', '');
  return async () => {
    rmSync(dir, { recursive: true, force: true });
  };
}
