import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { AdminProduct } from '@shopper/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import { readTar, writeTar } from '../db/backup/tar-archive.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { openEmbeddedDatabase } from '../db/open-database.ts';
import { insertProducts } from '../db/seed/seed-catalog.ts';
import { loadOrCreateJwtSecret } from '../lib/secrets.ts';
import { verifiedShopper } from '../test/checkout-factory.ts';
import { makeImage, multipartFile } from '../test/image-factory.ts';
import { placeOrder } from '../test/order-factory.ts';
import { buildProduct } from '../test/product-factory.ts';
import { backOfficeCast } from '../test/staff-factory.ts';
import { assertShopInvariants } from '../test/shop-invariants.ts';
import { RELAXED_RATE_LIMITS } from '../test/test-app.ts';
import { runAdmin, type ShopStorage } from './admin-commands.ts';

// Every shop here is a real embedded server on a real DATA_DIR, with fsync; a loaded machine takes a while.
const SLOW = 180_000;

const root = mkdtempSync(path.join(tmpdir(), 'shopper-backup-'));
const shopDir = path.join(root, 'shop');
const backupFile = path.join(root, 'shop-backup.tar.gz');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const embedded = (dataDir: string): ShopStorage => ({ kind: 'embedded', dataDir });

/** Runs the CLI as `npm run admin` would on that storage; these commands never open the database through the runner. */
async function admin(storage: ShopStorage, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, {
    storage,
    openDatabase: () => Promise.reject(new Error('backup and restore must not open the database through the runner')),
    readPipedInput: async () => undefined,
    publicUrl: 'https://shop.example.com',
    print: (line) => out.push(line),
    printError: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The embedded database of a DATA_DIR, opened as the server opens it (DATA_DIR locked, server started) and migrated. */
async function openShop(dataDir: string): Promise<DatabaseHandle> {
  const handle = await openEmbeddedDatabase(dataDir);
  await handle.migrate();
  return handle;
}

async function appOn(database: DatabaseHandle, dataDir: string): Promise<FastifyInstance> {
  const config = readConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ALLOW_TEST_PAYMENTS: 'true',
  });
  const app = await buildApp({ config, database, rateLimits: { limits: RELAXED_RATE_LIMITS } });
  await app.ready();
  return app;
}

/** Rows of a raw SQL answer, the same on both drivers. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/** Every row of every table (and of the migrations journal), as sorted JSON text: two shops are the same when these are equal. */
async function everyRow(database: DatabaseHandle): Promise<Record<string, string[]>> {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(
      `select table_schema || '.' || table_name as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
    ),
  );
  const rows: Record<string, string[]> = {};
  for (const { name } of tables) {
    const result = rowsOf<{ row: string }>(await database.db.execute(`select to_jsonb(t)::text as row from ${name} t`));
    rows[name] = result.map((r) => r.row).sort();
  }
  return rows;
}

let uploadedImageUrl: string;

beforeAll(async () => {
  const database = await openShop(shopDir);
  const app = await appOn(database, shopDir);
  try {
    const cast = await backOfficeCast(app, database);
    const [productId] = (await insertProducts(database.db, [
      buildProduct({
        sizes: [
          { size: 'S', stock: 5 },
          { size: 'M', stock: 8 },
        ],
      }),
    ])) as [string];
    const image = multipartFile(await makeImage(400, 500, 'png'), { filename: 'coat.png', contentType: 'image/png' });
    const upload = await app.inject({
      method: 'POST',
      url: `/api/admin/products/${productId}/images`,
      payload: image.payload,
      headers: { ...cast.staff.headers, ...image.headers },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    uploadedImageUrl = upload.json<{ product: AdminProduct }>().product.images.find((i) => i.isUploaded)?.url ?? '';
    await placeOrder(app, database, await verifiedShopper(app, database), { productId, size: 'M', quantity: 2 });
    const adjusted = await app.inject({
      method: 'POST',
      url: '/api/admin/stock/adjustments',
      headers: cast.staff.headers,
      payload: { productId, size: 'S', delta: 3, reason: 'import', note: 'spring delivery' },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    const settings = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: cast.owner.headers,
      payload: { lowStockThreshold: 2 },
    });
    expect(settings.statusCode, settings.body).toBe(200);
  } finally {
    await app.close();
    await database.close();
  }
  loadOrCreateJwtSecret(shopDir);
}, SLOW);

describe('npm run admin -- backup / restore (embedded database)', () => {
  it('are listed by help', async () => {
    const help = await admin(embedded(shopDir), 'help');
    expect(help.out).toContain('backup <file> [--force]');
    expect(help.out).toContain('restore <file> [--force]');
  });

  it(
    'bring a whole shop back into a fresh DATA_DIR: every row of every table, uploaded images, settings and the secret',
    async () => {
      const backup = await admin(embedded(shopDir), 'backup', backupFile);
      expect(backup, backup.err).toMatchObject({ code: 0, err: '' });
      expect(backup.out).toMatch(
        /^Backed up the shop to .*shop-backup\.tar\.gz \([\d.]+ MB\): 4 users, 1 order, 1 product, \d+ stock ledger rows, \d+ stored image files, and the generated JWT secret\./,
      );
      expect(statSync(backupFile).mode & 0o777).toBe(0o600);

      const restoredDir = path.join(root, 'restored');
      const restore = await admin(embedded(restoredDir), 'restore', backupFile);
      expect(restore, restore.err).toMatchObject({ code: 0, err: '' });
      expect(restore.out).toMatch(/^Restored the backup of .* into .*restored: 4 users, 1 order, 1 product,/);
      expect(readdirSync(restoredDir).sort()).toEqual(['postgres', 'postgres-password', 'secrets.json']);
      expect(readFileSync(path.join(restoredDir, 'secrets.json'), 'utf8')).toBe(
        readFileSync(path.join(shopDir, 'secrets.json'), 'utf8'),
      );

      const source = await openShop(shopDir);
      const restored = await openShop(restoredDir);
      try {
        const [before, after] = [await everyRow(source), await everyRow(restored)];
        expect(Object.keys(after)).toEqual(Object.keys(before));
        for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
        // The rows this shop was built with are there, not just equal sets of nothing.
        expect(after['public.users']).toHaveLength(4);
        expect(after['public.orders']).toHaveLength(1);
        expect(after['public.image_blobs']?.length).toBeGreaterThan(0);
        const reasons = after['public.stock_movements']?.map((row) => (JSON.parse(row) as { reason: string }).reason);
        expect(reasons).toEqual(expect.arrayContaining(['sale', 'import']));
        expect(after['public.shop_settings']?.map((row) => JSON.parse(row) as object)).toEqual([
          expect.objectContaining({ low_stock_threshold: 2 }),
        ]);

        // And the restored shop serves the uploaded picture byte for byte.
        const [sourceApp, restoredApp] = [await appOn(source, shopDir), await appOn(restored, restoredDir)];
        try {
          const original = await sourceApp.inject({ method: 'GET', url: uploadedImageUrl });
          expect(uploadedImageUrl).toMatch(/^\/images\/uploads\//);
          const served = await restoredApp.inject({ method: 'GET', url: uploadedImageUrl });
          expect(served.statusCode).toBe(200);
          expect(served.headers['content-type']).toBe('image/webp');
          expect(served.rawPayload.equals(original.rawPayload)).toBe(true);
        } finally {
          await sourceApp.close();
          await restoredApp.close();
        }
      } finally {
        await source.close();
        await restored.close();
      }
    },
    SLOW,
  );

  it('refuse a file that is not a whole backup with a plain message, before touching DATA_DIR', async () => {
    const target = path.join(root, 'never-created');
    const restoreFrom = async (name: string, bytes: Uint8Array | string) => {
      const file = path.join(root, name);
      writeFileSync(file, bytes);
      return admin(embedded(target), 'restore', file);
    };
    const backupBytes = readFileSync(backupFile);
    const tampered = readTar(gunzipSync(backupBytes)).map((entry) => {
      if (entry.name !== 'postgres.tar') return entry;
      const data = Buffer.from(entry.data);
      data.writeUInt8(data.readUInt8(100) ^ 0xff, 100);
      return { ...entry, data };
    });

    const cases: [string, Uint8Array | string, RegExp][] = [
      ['notes.txt', 'my shop, hopefully', /notes\.txt is not a SHOPPER backup: it is not a \.tar\.gz file\./],
      [
        'other.tar.gz',
        gzipSync(writeTar([{ name: 'photo.jpg', type: 'file', data: Buffer.from('jpeg') }])),
        /other\.tar\.gz is not a SHOPPER backup: it has no shopper-backup\.json\./,
      ],
      ['garbled.tar.gz', gzipSync(Buffer.from('x'.repeat(5000))), /garbled\.tar\.gz is not a SHOPPER backup/],
      ['half.tar.gz', backupBytes.subarray(0, backupBytes.length >> 1), /half\.tar\.gz is incomplete: it ends early/],
      [
        'tampered.tar.gz',
        gzipSync(writeTar(tampered)),
        /tampered\.tar\.gz is damaged: postgres\.tar does not match the checksum recorded when it was made\./,
      ],
    ];
    for (const [name, bytes, message] of cases) {
      const result = await restoreFrom(name, bytes);
      expect(result.code, name).toBe(1);
      expect(result.err, name).toMatch(message);
      expect(result.err, name).not.toMatch(/\n\s+at /);
    }
    const missing = await admin(embedded(target), 'restore', path.join(root, 'nowhere.tar.gz'));
    expect(missing).toMatchObject({ code: 1, err: `There is no file ${path.join(root, 'nowhere.tar.gz')}.` });
    expect(existsSync(target)).toBe(false);
  });

  it(
    'refuse to replace a shop without --force; with --force the backup replaces it whole',
    async () => {
      const refused = await admin(embedded(shopDir), 'restore', backupFile);
      expect(refused.code).toBe(1);
      expect(refused.err).toBe(
        `${shopDir} already holds a shop (a database and a generated JWT secret). Restoring replaces it: add --force to do so (back it up first if you may want it again).`,
      );

      const shop = await openShop(shopDir);
      await shop.db.execute(
        "insert into users (email, name, password_hash, phone) values ('after-backup@example.com', 'Later', 'x', '')",
      );
      await shop.close();

      const replaced = await admin(embedded(shopDir), 'restore', backupFile, '--force');
      expect(replaced, replaced.err).toMatchObject({ code: 0, err: '' });
      expect(replaced.out).toContain('The shop that was there has been replaced.');
      expect(readdirSync(shopDir).sort()).toEqual(['postgres', 'postgres-password', 'postgres.log', 'secrets.json']);
      const back = await openShop(shopDir);
      try {
        const emails = rowsOf<{ email: string }>(await back.db.execute('select email from users'));
        expect(emails).toHaveLength(4);
        expect(emails.map((row) => row.email)).not.toContain('after-backup@example.com');
      } finally {
        await back.close();
      }
    },
    SLOW,
  );

  it(
    'back up the running shop while orders are written, a copy that restores whole; restore waits for the shop to stop',
    async () => {
      const running = await openShop(shopDir);
      const app = await appOn(running, shopDir);
      const onlineFile = path.join(root, 'online.tar.gz');
      try {
        const shopper = await verifiedShopper(app, running);
        const [productId] = (await insertProducts(running.db, [
          buildProduct({ sizes: [{ size: 'M', stock: 500 }] }),
        ])) as [string];
        // One order before the backup starts, so the copy has one of this shop's own besides the first.
        await placeOrder(app, running, shopper, { productId, size: 'M', quantity: 1 });
        let isBackingUp = true;
        let ordersDuring = 0;
        const writing = (async () => {
          while (isBackingUp) {
            await placeOrder(app, running, shopper, { productId, size: 'M', quantity: 1 });
            ordersDuring += 1;
          }
        })();
        const backup = await admin(embedded(shopDir), 'backup', onlineFile);
        isBackingUp = false;
        await writing;
        expect(backup, backup.err).toMatchObject({ code: 0, err: '' });
        expect(ordersDuring).toBeGreaterThan(0);

        const restore = await admin(embedded(shopDir), 'restore', onlineFile, '--force');
        expect(restore.code).toBe(1);
        expect(restore.err).toMatch(
          /^The shop is running: .* Stop the shop, run the restore again, then start the shop\.$/,
        );
        expect(readdirSync(shopDir).filter((name) => name.startsWith('.restoring-'))).toEqual([]);
      } finally {
        await app.close();
        await running.close();
      }

      // The copy is one moment of the shop: its orders, ledger and stock agree with each other.
      const restoredDir = path.join(root, 'restored-online');
      const restore = await admin(embedded(restoredDir), 'restore', onlineFile);
      expect(restore, restore.err).toMatchObject({ code: 0, err: '' });
      const restored = await openShop(restoredDir);
      try {
        const [orders] = rowsOf<{ n: number }>(await restored.db.execute('select count(*)::int as n from orders'));
        expect(orders?.n).toBeGreaterThan(1);
        await assertShopInvariants(restored.db, 'the restored online backup');
      } finally {
        await restored.close();
      }
    },
    SLOW,
  );

  it(
    'restore a backup an earlier version wrote from PGlite (format 1): counted, copied into PostgreSQL, counted again',
    async () => {
      const fixture = path.join(import.meta.dirname, '../test/fixtures/pglite-shop-v1.tar.gz');
      const target = path.join(root, 'from-pglite');
      const restore = await admin(embedded(target), 'restore', fixture);
      expect(restore, restore.err).toMatchObject({ code: 0, err: '' });
      expect(restore.out).toMatch(/14 users, 206 orders, 54 products, 962 stock ledger rows/);
      expect(readdirSync(target).sort()).toEqual(['postgres', 'postgres-password', 'secrets.json']);
      const shop = await openShop(target);
      try {
        const [counts] = rowsOf<{ users: number; orders: number }>(
          await shop.db.execute(
            'select (select count(*)::int from users) as users, (select count(*)::int from orders) as orders',
          ),
        );
        expect(counts).toEqual({ users: 14, orders: 206 });
      } finally {
        await shop.close();
      }
    },
    SLOW,
  );

  it('say that PostgreSQL is backed up with pg_dump and pg_restore', async () => {
    for (const command of ['backup', 'restore']) {
      const result = await admin({ kind: 'postgres' }, command, backupFile);
      expect(result.code).toBe(1);
      expect(result.err).toContain('This shop runs on PostgreSQL (DATABASE_URL is set): back it up with pg_dump -Fc');
      expect(result.err).toContain('as docs/backup-and-restore.md shows');
    }
  });

  it('refuse a DATA_DIR without a database, an existing backup file without --force, and wrong use (exit 2)', async () => {
    const empty = path.join(root, 'empty');
    const none = await admin(embedded(empty), 'backup', path.join(root, 'empty.tar.gz'));
    expect(none.code).toBe(1);
    expect(none.err).toMatch(/^There is no embedded database in .*empty to back up\./);
    expect(existsSync(empty)).toBe(false);

    const noFolder = await admin(embedded(shopDir), 'backup', path.join(root, 'missing', 'shop.tar.gz'));
    expect(noFolder).toMatchObject({
      code: 1,
      err: `The folder ${path.join(root, 'missing')} does not exist: create it, or name a file in another folder.`,
    });

    const existing = await admin(embedded(shopDir), 'backup', backupFile);
    expect(existing).toMatchObject({
      code: 1,
      err: `${backupFile} already exists. Choose another name, or add --force to replace it.`,
    });

    for (const argv of [
      ['backup'],
      ['restore'],
      ['restore', 'a.tar.gz', 'b.tar.gz'],
      ['backup', 'x.tar.gz', '--forse'],
    ]) {
      const wrong = await admin(embedded(shopDir), ...argv);
      expect(wrong.code, argv.join(' ')).toBe(2);
      expect(wrong.err).toMatch(/^Usage: npm run admin -- (backup|restore) <file> \[--force\]$/);
    }
  });
});
