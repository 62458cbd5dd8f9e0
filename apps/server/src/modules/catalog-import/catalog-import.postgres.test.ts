import { CatalogImportAnswerSchema } from '@shopper/contract';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, catalogImportLines, catalogImports, products, stockMovements } from '../../db/schema.ts';
import { multipartFile } from '../../test/image-factory.ts';
import { importRunnerOn } from '../../test/import-runner-factory.ts';
import { assertShopInvariants } from '../../test/shop-invariants.ts';
import { signUpStaff, type StaffAccount } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { exportCatalogCsv } from './catalog-export.ts';

// Two runners writing at the same moment, on separate connections (decision 029: every instance
// runs the runner).

const PRODUCTS = 40;

let t: TestApp;
let owner: StaffAccount;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpStaff(t.app, t.database, 'owner');
});
afterAll(async () => {
  await t?.close();
});

describe('two instances applying one import', () => {
  it('write each product once, one taking over from the other when its lease runs out', async () => {
    const file = exportCatalogCsv(
      Array.from({ length: PRODUCTS }, (_, index) => ({
        handle: `race-${String(index).padStart(2, '0')}`,
        name: `Race ${index}`,
        bodyText: '',
        shortDescription: '',
        brand: 'Racewear',
        category: 'kids' as const,
        types: [],
        tags: [],
        status: 'published' as const,
        priceCents: 1000,
        salePriceCents: null,
        colours: ['Red', 'Blue'].map((name) => ({
          name,
          swatch: name === 'Red' ? '#cc2222' : '#2233cc',
          images: [],
          sizes: ['S', 'M'].map((size) => ({ size, sku: '', quantity: 3 })),
        })),
      })),
    );
    const body = multipartFile(Buffer.from(file), { filename: 'race.csv', contentType: 'text/csv' });
    const planned = await t.app.inject({
      method: 'POST',
      url: '/api/admin/catalog-import',
      headers: { ...owner.headers, ...body.headers },
      payload: body.payload,
    });
    expect(planned.statusCode, planned.body).toBe(201);
    const jobId = CatalogImportAnswerSchema.parse(planned.json()).import.id;
    // Set applying here rather than through the route, so the app's own runner is not nudged: the
    // two runners below are the instances that race for it.
    await t.database.db
      .update(catalogImports)
      .set({ status: 'applying', actorId: owner.userId, startedAt: new Date() })
      .where(eq(catalogImports.id, jobId));

    const first = importRunnerOn(t.database, () => new Date());
    const beside = importRunnerOn(t.database, () => new Date());
    // Ten minutes ahead: to this instance the first one's lease has run out, as after a crash.
    const later = importRunnerOn(t.database, () => new Date(Date.now() + 10 * 60_000));

    const firstRun = first.runOnce();
    // A second runner while the lease is held finds nothing to take.
    const besideRun = beside.runOnce();
    let done = 0;
    while (done < 3) {
      const [job] = await t.database.db
        .select({ done: catalogImports.doneProducts })
        .from(catalogImports)
        .where(eq(catalogImports.id, jobId));
      done = job?.done ?? 0;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const [tookOver, ranFirst, ranBeside] = await Promise.all([later.runOnce(), firstRun, besideRun]);
    expect(tookOver).toBe(true);
    expect([ranFirst, ranBeside].filter(Boolean).length).toBeLessThanOrEqual(1);

    const [job] = await t.database.db.select().from(catalogImports).where(eq(catalogImports.id, jobId));
    expect(job).toMatchObject({ status: 'done', doneProducts: PRODUCTS, created: PRODUCTS, leaseUntil: null });
    const lines = await t.database.db
      .select({ state: catalogImportLines.state })
      .from(catalogImportLines)
      .where(eq(catalogImportLines.importId, jobId));
    expect(lines.every((line) => line.state === 'done')).toBe(true);

    const [made] = await t.database.db.select({ n: count() }).from(products).where(like(products.slug, 'race-%'));
    expect(made?.n).toBe(PRODUCTS);
    const audits = await t.database.db
      .select({ entityId: auditLog.entityId })
      .from(auditLog)
      .where(eq(auditLog.action, 'product.import'));
    expect(audits).toHaveLength(PRODUCTS);
    expect(new Set(audits.map((a) => a.entityId)).size).toBe(PRODUCTS);
    const [movements] = await t.database.db
      .select({ n: count() })
      .from(stockMovements)
      .where(and(eq(stockMovements.note, `import ${jobId}`), eq(stockMovements.reason, 'import')));
    // Four variants a product, each written once.
    expect(movements?.n).toBe(PRODUCTS * 4);
    await assertShopInvariants(t.database.db, 'two runners');
  });
});
