import type { Category } from '@shopper/contract';
import type { ExistingProductForPlan } from './catalog-csv-product.ts';
import { COLUMN, planImport, readProducts, type ImportPlanLine } from './import-plan.ts';
import { type CsvFileRefusal, parseShopifyCsv } from './shopify-csv.ts';

/** A report line's name is bounded: a Title cell can hold a megabyte. */
const MAX_LINE_NAME = 200;

export interface PlanFileInput {
  bytes: Uint8Array;
  maxMegabytes: number;
  defaultCategory: Category | undefined;
}

/** The shop's products of these handles, as the file would show them: the one thing read from the database. */
export type ExistingProducts = (handles: string[]) => Promise<ReadonlyMap<string, ExistingProductForPlan>>;

export type PlannedFile =
  { ok: true; lines: ImportPlanLine[]; names: string[] } | { ok: false; refusal: CsvFileRefusal };

/**
 * Steps 1 to 3 of decision 043's import pipeline for one uploaded file: parse, read the products,
 * ask for the shop's products of their handles, plan. Everything but `existingProducts` is CPU
 * work, which is why the dry run runs this in the planning thread (planning-thread.ts); `names`
 * are the report's name of each line, in the order of `lines`.
 */
export async function planFile(input: PlanFileInput, existingProducts: ExistingProducts): Promise<PlannedFile> {
  const parsed = await parseShopifyCsv(input.bytes, { maxMegabytes: input.maxMegabytes });
  if (!parsed.ok) return parsed;
  const read = readProducts(parsed);
  const existing = await existingProducts(read.products.map((product) => product.handle));
  const lines = planImport(read, existing, { defaultCategory: input.defaultCategory });

  const titles = new Map<string, string>();
  for (const row of parsed.rows) {
    const handle = (row.cells.get(COLUMN.handle) ?? '').trim();
    if (!titles.has(handle)) titles.set(handle, (row.cells.get(COLUMN.title) ?? '').trim());
  }
  const names = lines.map((line) =>
    ('product' in line ? line.product.name : (titles.get(line.handle) ?? '')).slice(0, MAX_LINE_NAME),
  );
  return { ok: true, lines, names };
}
