import type { ExistingProductForPlan } from './catalog-csv-product.ts';
import type { ShopifyCsvRow } from './shopify-csv.ts';
import type { ImportPlanLine, PlanOptions, ReadCatalog } from './steps/file-product.ts';
import { planImportInSteps } from './steps/plan-import.ts';
import { readProductsInSteps } from './steps/read-products.ts';
import { runToEnd } from './steps/run-to-end.ts';

/**
 * Steps 2 and 3 of decision 043's import pipeline, pure: rows grouped into products and checked
 * with the editor's own rules (`readProducts`, steps/read-products.ts), then compared with the
 * shop's products of the same handles (`planImport`, steps/plan-import.ts). Nothing here reads or
 * writes the database; the dry run runs it in the planning thread (plan-file.ts, planning-thread.ts).
 */

export {
  COLUMN,
  type FileColour,
  type FileProduct,
  type FileVariant,
  type ImportPlanLine,
  type PlanOptions,
  type ReadCatalog,
} from './steps/file-product.ts';

type ParsedCsv = { columns: readonly string[]; rows: readonly ShopifyCsvRow[] };

export const readProducts = (csv: ParsedCsv): ReadCatalog => runToEnd(readProductsInSteps(csv));

export const planImport = (
  read: ReadCatalog,
  existing: ReadonlyMap<string, ExistingProductForPlan>,
  options: PlanOptions = {},
): ImportPlanLine[] => runToEnd(planImportInSteps(read, existing, options));
