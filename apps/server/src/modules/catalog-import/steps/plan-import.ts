import type { ExistingProductForPlan } from '../catalog-csv-product.ts';
import type { ImportPlanLine, PlanOptions, ReadCatalog } from './file-product.ts';
import { planCreate } from './plan-create.ts';
import { planUpdate } from './plan-update.ts';

/**
 * Step 3 of decision 043's import pipeline: each product of the file against the shop's product of
 * its handle, `create` when there is none; a product refused by step 2 stays refused. Lines come in
 * file order. A generator yielding after each product, like step 2.
 */
export function* planImportInSteps(
  read: ReadCatalog,
  existing: ReadonlyMap<string, ExistingProductForPlan>,
  options: PlanOptions = {},
): Generator<void, ImportPlanLine[]> {
  const lines: ImportPlanLine[] = read.refusals.map(({ handle, firstLine, reasons }) => ({
    action: 'refuse',
    handle,
    firstLine,
    reasons,
  }));
  for (const product of read.products) {
    const current = existing.get(product.handle);
    lines.push(current ? planUpdate(product, current) : planCreate(product, options));
    yield;
  }
  return lines.sort((a, b) => a.firstLine - b.firstLine);
}
