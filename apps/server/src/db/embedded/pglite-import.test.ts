import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readTar } from '../backup/tar-archive.ts';
import { dataDirLayout } from '../data-dir-layout.ts';
import { openEmbeddedDatabase } from '../open-database.ts';
import { openPgliteFiles } from '../pglite.ts';
import type { ServerLog } from './server.ts';

// The fixture is a backup an earlier version wrote of its demo shop (PGlite): its pgdata.tar is
// PGlite's own dump of that shop's DATA_DIR/pgdata, which PGlite lays out again byte for byte.
const FIXTURE = path.join(import.meta.dirname, '../../test/fixtures/pglite-shop-v1.tar.gz');
const SLOW = 180_000;

const root = mkdtempSync(path.join(tmpdir(), 'shopper-pglite-import-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A DATA_DIR as an earlier version left it: pgdata/ written by PGlite, and secrets.json. */
async function earlierVersionDataDir(): Promise<{ dataDir: string; tables: Record<string, number> }> {
  const entries = new Map(readTar(gunzipSync(readFileSync(FIXTURE))).map((entry) => [entry.name, entry]));
  const manifest = JSON.parse(Buffer.from(entries.get('shopper-backup.json')?.data ?? []).toString('utf8')) as {
    census: { tables: Record<string, number> };
  };
  const dataDir = path.join(root, 'shop');
  mkdirSync(dataDir);
  const pglite = await openPgliteFiles(
    dataDirLayout(dataDir).pglite,
    new Blob([new Uint8Array(entries.get('pgdata.tar')?.data ?? [])]),
  );
  await pglite.close();
  writeFileSync(dataDirLayout(dataDir).secrets, entries.get('secrets.json')?.data ?? '');
  return { dataDir, tables: manifest.census.tables };
}

function recordingLog() {
  const lines: { level: string; fields: object; message: string }[] = [];
  const log: ServerLog = {
    info: (fields, message) => lines.push({ level: 'info', fields, message }),
    warn: (fields, message) => lines.push({ level: 'warn', fields, message }),
    error: (fields, message) => lines.push({ level: 'error', fields, message }),
  };
  return { log, lines };
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

describe('the first start on a DATA_DIR an earlier version ran on PGlite', () => {
  it(
    'copies every table into PostgreSQL with equal row counts, keeps the old files aside and says where',
    async () => {
      const { dataDir, tables } = await earlierVersionDataDir();
      const oldFiles = readdirSync(dataDirLayout(dataDir).pglite).sort();
      const { log, lines } = recordingLog();
      const database = await openEmbeddedDatabase(dataDir, log);
      try {
        await database.migrate();
        for (const [table, rows] of Object.entries(tables)) {
          const [count] = rowsOf<{ n: number }>(
            await database.db.execute(`select count(*)::int as n from public."${table}"`),
          );
          expect(count?.n, table).toBe(rows);
        }
        expect(tables.orders).toBe(206);
        expect(tables.stock_movements).toBe(962);
      } finally {
        await database.close();
      }

      const kept = readdirSync(dataDir).filter((name) => name.startsWith('pgdata-pglite-imported-'));
      expect(kept).toHaveLength(1);
      expect(existsSync(dataDirLayout(dataDir).pglite)).toBe(false);
      // The owner's files are as the earlier version left them: the import read a copy.
      expect(readdirSync(path.join(dataDir, kept[0] as string)).sort()).toEqual(oldFiles);
      const moved = lines.find((line) => line.message.includes('The old PGlite files are kept in'));
      expect(moved?.message).toContain(path.join(dataDir, kept[0] as string));
      expect(lines.find((line) => line.message.includes('row counts equal'))?.fields).toMatchObject({
        tables: expect.objectContaining({ orders: 206 }),
      });
      expect(readdirSync(dataDir).filter((name) => name.startsWith('.pglite-import-'))).toEqual([]);

      // The next start finds the shop in PostgreSQL and imports nothing again.
      const again = recordingLog();
      const reopened = await openEmbeddedDatabase(dataDir, again.log);
      try {
        const [orders] = rowsOf<{ n: number }>(await reopened.db.execute('select count(*)::int as n from orders'));
        expect(orders?.n).toBe(206);
      } finally {
        await reopened.close();
      }
      expect(again.lines.filter((line) => line.message.includes('PGlite'))).toEqual([]);
    },
    SLOW,
  );
});
