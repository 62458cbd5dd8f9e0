import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';
import { openDatabase } from './open-database.ts';

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'shopper-lock-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('DATA_DIR lock', () => {
  it('refuses a second holder with a message naming the folder', async () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`The data directory ${dir} is in use by another SHOPPER process`);
    release();
    const again = lockDataDir(dir);
    again();
  });

  it('takes over a lock whose process is gone', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, '.shopper.lock'), JSON.stringify({ pid: 2 ** 22 + 7, host: hostname() }));
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
  });

  it('respects a live lock of another process', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, '.shopper.lock'), JSON.stringify({ pid: process.ppid, host: hostname() }));
    expect(() => lockDataDir(dir)).toThrow(`pid ${process.ppid}`);
  });

  it('keeps a second embedded database off a folder in use, and keeps committed data across opens', async () => {
    const config = readConfig({ DATA_DIR: freshDir(), LOG_LEVEL: 'silent' });
    const first = await openDatabase(config);
    await first.migrate();
    await expect(openDatabase(config)).rejects.toThrow(DataDirLockedError);
    await first.db.execute(
      "insert into products (slug, name, brand, category, price_cents) values ('kept', 'Kept', 'B', 'men', 100)",
    );
    await first.close();

    const second = await openDatabase(config);
    const result = (await second.db.execute('select slug from products')) as { rows: unknown[] };
    await second.close();
    expect(result.rows).toEqual([{ slug: 'kept' }]);
  });
});
